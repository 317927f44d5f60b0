import type { ProofsDeps } from '../../src/server/admin/proofs.js';
import { createJobQueue } from '../../src/server/jobs/job-worker.js';
import { testBlobStore } from './apps.js';
import type { TestApp } from './test-app.js';

/**
 * What `npm run admin -- proofs ...` gets, built on the test app's database and store. Its
 * queue has no local worker, as in the CLI: the test app's worker sends the mail.
 */
export function testProofsDeps(t: TestApp): ProofsDeps {
  return {
    db: t.db.kysely,
    blobs: testBlobStore(t),
    jobs: createJobQueue(t.clock),
    clock: t.clock,
    productName: t.config.brand.productName,
    publicUrl: t.config.publicUrl,
  };
}
