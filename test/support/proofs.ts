import type { ProofsCommandDeps } from '../../src/server/admin/proofs.js';
import type { Actor } from '../../src/server/ops/operator-accounts.js';
import { createJobQueue } from '../../src/server/jobs/job-worker.js';
import { ipFieldName } from '../../src/contract/rules.js';
import { appFields, putApp, testBlobStore } from './apps.js';
import type { HttpClient } from './http-client.js';
import { makePdf } from './png.js';
import type { TestApp } from './test-app.js';

/** The command line's operator, as `npm run admin` names the user who runs it. */
export const testCliActor: Actor = { operator: { id: 'cli', email: 'cli:tester' }, ip: 'local' };

/**
 * What `npm run admin -- proofs ...` gets, built on the test app's database and store. Its
 * queue has no local worker, as in the CLI: the test app's worker sends the mail.
 */
export function testProofsDeps(t: TestApp): ProofsCommandDeps {
  return {
    db: t.db.kysely,
    blobs: testBlobStore(t),
    jobs: createJobQueue(t.clock),
    clock: t.clock,
    productName: t.config.brand.productName,
    publicUrl: t.config.publicUrl,
    actor: testCliActor,
  };
}

/** The claimant sends a new document for `ip`, the only IP of its application `id`. */
export function resendProof(client: HttpClient, id: string, ip: string) {
  return putApp(
    client,
    id,
    appFields({
      ipRecords: ip,
      ipAddressDuplicateSkip: 'true',
      [ipFieldName(ip)]: { bytes: makePdf(), name: 'proof.pdf' },
    }),
  );
}
