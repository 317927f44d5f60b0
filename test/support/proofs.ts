import type { ProofsDeps } from '../../src/server/admin/proofs.js';
import { createMailboxMailer } from '../../src/server/mail/mailbox-mailer.js';
import { testBlobStore } from './apps.js';
import type { TestApp } from './test-app.js';

/** What `npm run admin -- proofs ...` gets, built on the test app's database and store. */
export function testProofsDeps(t: TestApp): ProofsDeps {
  return {
    db: t.db.kysely,
    blobs: testBlobStore(t),
    mailer: createMailboxMailer(t.db.kysely, t.clock, { info: () => undefined }),
    clock: t.clock,
    productName: t.config.brand.productName,
    publicUrl: t.config.publicUrl,
  };
}
