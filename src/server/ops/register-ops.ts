import type { FastifyInstance } from 'fastify';
import { createActivityService } from '../activity/activity.service.js';
import type { AuthDeps } from '../auth/auth.service.js';
import type { Db } from '../db/database.js';
import type { KeyCrypto } from '../keys/key-crypto.js';
import type { KeyRing } from '../keys/key-ring.js';
import type { BlobStore } from '../storage/blob-store.js';
import { createDeviceCookies } from '../auth/device-cookie.js';
import { createHmacSha256 } from '../keys/hmac-sha256.js';
import { createOperatorAccounts } from './operator-accounts.js';
import { createOperatorSignIn } from './operator-sign-in.js';
import { createOperatorAudit } from './operator-audit.js';
import { createOperatorSessions } from './operator-session.js';
import { createOpsActions } from './ops-actions.js';
import { registerOpsAdminRoutes } from './ops-admin.routes.js';
import { registerOpsAuthRoutes } from './ops-auth.routes.js';
import { createOpsProofs } from './ops-proofs.js';
import { registerOpsProofsRoutes } from './ops-proofs.routes.js';
import { createOpsRecords } from './ops-records.js';
import { createUsageReader } from '../gateway/gateway-usage.service.js';
import { registerOpsSupportRoutes } from './ops-support.routes.js';

export interface OpsDeps {
  readonly auth: AuthDeps;
  readonly db: Db;
  readonly blobs: BlobStore;
  readonly keyCrypto: KeyCrypto;
  readonly keys: KeyRing;
}

/** The operator console's API under /api/v1/ops (decision 036). */
export function registerOps(app: FastifyInstance, deps: OpsDeps): void {
  const { auth, db } = deps;
  const { clock, config } = auth;
  const sessions = createOperatorSessions(db, clock);
  const accounts = createOperatorAccounts({
    db: db.kysely,
    clock,
    crypto: deps.keyCrypto,
    publicUrl: config.publicUrl,
    issuer: config.brand.productName,
  });
  registerOpsAuthRoutes(app, {
    db: db.kysely,
    clock,
    accounts,
    signIn: createOperatorSignIn({ db: db.kysely, clock, crypto: deps.keyCrypto }),
    // A key of their own: a developer's device cookie never passes for an operator's.
    devices: createDeviceCookies(
      createHmacSha256(auth.secrets.accessTokenSecret)('operator devices', 'hex'),
    ),
    sessions,
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  registerOpsProofsRoutes(app, {
    sessions,
    proofs: createOpsProofs({
      db: db.kysely,
      blobs: deps.blobs,
      jobs: auth.jobs,
      clock,
      productName: config.brand.productName,
      publicUrl: config.publicUrl,
    }),
  });
  registerOpsSupportRoutes(app, {
    db,
    sessions,
    records: createOpsRecords({ db: db.kysely, clock, ring: deps.keys }),
    actions: createOpsActions(auth),
    activity: createActivityService(db.kysely),
    usage: createUsageReader(db.kysely, clock),
  });
  registerOpsAdminRoutes(app, {
    db,
    sessions,
    accounts,
    audit: createOperatorAudit(db.kysely, clock),
  });
}
