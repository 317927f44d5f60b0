import { randomUUID } from 'node:crypto';
import {
  PostbackLimits,
  PostbackMessages,
  type PostbackIntakeRequest,
  type PostbackIntakeResponse,
} from '../../contract/postbacks.js';
import { Messages } from '../../contract/messages.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { SharedTransaction } from '../db/shared-transaction.js';
import { AppError } from '../errors.js';
import type { JobQueue } from '../jobs/job-definition.js';
import { PostbackDeliverJob } from './postback-deliver-job.js';
import {
  findEventByCallerId,
  findPostbackTarget,
  insertEventOnce,
  pruneEvents,
  rememberCallerEventId,
} from './postback-events.repository.js';
import type { PostbackSecretRing } from './postback-secret-ring.js';

export interface PostbackIntakeDeps {
  readonly db: Db;
  readonly shared: SharedTransaction;
  readonly clock: Clock;
  readonly jobs: JobQueue;
  readonly secrets: PostbackSecretRing;
}

export interface IntakeOutcome {
  /** True for a new event (202); false for one already received or a paused application. */
  readonly isNew: boolean;
  readonly body: PostbackIntakeResponse;
}

function answer(
  message: string,
  eventId: string,
  id: string | null,
  state: PostbackIntakeResponse['state'],
): PostbackIntakeResponse {
  return { status: 'success', message, eventId, id, state };
}

/** Events from the trading platform: stored with their delivery job, or skipped. */
export function createPostbackIntake(deps: PostbackIntakeDeps) {
  const { db, clock } = deps;
  const kysely = db.kysely;

  return async function receive(request: PostbackIntakeRequest): Promise<IntakeOutcome> {
    const target = await findPostbackTarget(kysely, request.applicationId);
    if (target === undefined) throw new AppError('not_found', Messages.apps.notFound);
    // A paused, held or blocked application gets nothing: not delivered, and not kept for later.
    const isStopped =
      target.operatorHoldAt !== null ||
      target.blockedAt !== null ||
      target.developerBlockedAt !== null;
    if (target.isActive !== 1 || isStopped) {
      return {
        isNew: false,
        body: answer(PostbackMessages.skipped, request.eventId, null, 'skipped'),
      };
    }
    const now = clock.now();
    const id = randomUUID();
    // Intakes that arrive together share one commit; a 202 still follows it (decision 033).
    const isNew = await deps.shared(async (trx) => {
      // Known for the whole window, even once the log has dropped the event (decision 050).
      if (!(await rememberCallerEventId(trx, request.applicationId, request.eventId, now)))
        return false;
      const inserted = await insertEventOnce(trx, {
        id,
        applicationId: request.applicationId,
        callerEventId: request.eventId,
        type: request.eventType,
        payload: JSON.stringify(request.payload),
        isTest: false,
        createdAt: now,
      });
      if (!inserted) return false;
      await deps.secrets.ensure(trx, request.applicationId, now);
      await pruneEvents(trx, request.applicationId, PostbackLimits.eventsKept);
      await deps.jobs.enqueue(trx, PostbackDeliverJob, { eventId: id });
      return true;
    });
    if (isNew) {
      deps.jobs.nudge();
      return { isNew, body: answer(PostbackMessages.accepted, request.eventId, id, 'pending') };
    }
    const known = await findEventByCallerId(kysely, request.applicationId, request.eventId);
    // Known, but pruned from the log since: only delivered events are old enough for that.
    return {
      isNew,
      body: answer(
        PostbackMessages.duplicate,
        request.eventId,
        known?.id ?? null,
        known?.state ?? 'delivered',
      ),
    };
  };
}

export type PostbackIntake = ReturnType<typeof createPostbackIntake>;
