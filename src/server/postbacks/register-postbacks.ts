import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
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
  const { db, clock, jobs, sender } = deps;
  const secrets = createPostbackSecretRing(deps.keyCrypto);
  const deliver = createPostbackDelivery({
    db,
    clock,
    sender,
    secrets,
    jobs,
    productName: deps.productName,
    publicUrl: deps.publicUrl,
  });
  deps.handlers.register(PostbackDeliverJob, ({ eventId }, attempt) => deliver(eventId, attempt));
  registerInternalRoutes(app, {
    receive: createPostbackIntake({ db, clock, jobs, secrets }),
    serviceTokenHashes: deps.serviceTokenHashes,
  });
  registerPostbacksRoutes(app, {
    postbacks: createPostbacksService({ db, clock, jobs, secrets, sender }),
    secret: createPostbackSecretService({ db, clock, ring: secrets }),
    rateLimitPerMinute: deps.rateLimitPerMinute,
  });
}
