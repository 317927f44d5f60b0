import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { SharedTransaction } from '../db/shared-transaction.js';
import type { JobHandlers } from '../jobs/job-handlers.js';
import type { JobQueue } from '../jobs/job-definition.js';
import type { KeyCrypto } from '../keys/key-crypto.js';
import { registerInternalRoutes } from './internal.routes.js';
import { PostbackDeliverJob } from './postback-deliver-job.js';
import { createPostbackDelivery } from './postback-delivery.js';
import { createPostbackIntake } from './postback-intake.service.js';
import { createPostbackSecretRing } from './postback-secret-ring.js';
import { createPostbackSecretService } from './postback-secret.service.js';
import { registerPostbacksRoutes } from './postbacks.routes.js';
import { createPostbacksService } from './postbacks.service.js';
import type { PostbackSender } from './outbound/send-postback.js';

export interface PostbacksDeps {
  readonly db: Db;
  /** The app's group commit (decision 033), shared with the job worker's claims. */
  readonly shared: SharedTransaction;
  readonly clock: Clock;
  readonly jobs: JobQueue;
  readonly handlers: JobHandlers;
  readonly keyCrypto: KeyCrypto;
  readonly sender: PostbackSender;
  readonly serviceTokenHashes: readonly string[];
  readonly rateLimitPerMinute: number;
  readonly productName: string;
  readonly publicUrl: string;
}

/** Intake, signed delivery on the job queue, the developer's log and the signing secret. */
export function registerPostbacks(app: FastifyInstance, deps: PostbacksDeps): void {
  const { db, shared, clock, jobs, sender } = deps;
  const secrets = createPostbackSecretRing(deps.keyCrypto);
  const deliver = createPostbackDelivery({
    db,
    shared,
    clock,
    sender,
    secrets,
    jobs,
    productName: deps.productName,
    publicUrl: deps.publicUrl,
  });
  deps.handlers.register(PostbackDeliverJob, ({ eventId }, attempt) => deliver(eventId, attempt));
  registerInternalRoutes(app, {
    receive: createPostbackIntake({ db, shared, clock, jobs, secrets }),
    serviceTokenHashes: deps.serviceTokenHashes,
  });
  registerPostbacksRoutes(app, {
    postbacks: createPostbacksService({ db, clock, jobs, secrets, sender }),
    secret: createPostbackSecretService({ db, clock, ring: secrets }),
    rateLimitPerMinute: deps.rateLimitPerMinute,
  });
}
