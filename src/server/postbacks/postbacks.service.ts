import { randomUUID } from 'node:crypto';
import { Messages } from '../../contract/messages.js';
import {
  PostbackLimits,
  PostbackMessages,
  TEST_EVENT_TYPE,
  type PostbackEvent,
  type PostbackEventResponse,
  type PostbackState,
  type PostbackTestResponse,
} from '../../contract/postbacks.js';
import { isBlankUrl } from '../../contract/rules.js';
import { findAppOf } from '../apps/apps.repository.js';
import { RetryLaterError, secondsUntil } from '../auth/rate-limits.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { JobQueue } from '../jobs/job-definition.js';
import { countHit } from '../limits/rate-limits.repository.js';
import { PostbackDeliverJob } from './postback-deliver-job.js';
import {
  attemptsOf,
  findEvent,
  insertEventOnce,
  listEvents,
  reopenEvent,
  pruneEvents,
  recordAttempt,
} from './postback-events.repository.js';
import { cut, sendSignedPostback } from './postback-request.js';
import type { PostbackSecretRing } from './postback-secret-ring.js';
import { eventDetailView, eventView } from './postback-view.js';
import type { PostbackSender } from './outbound/send-postback.js';

export interface PostbacksDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly jobs: JobQueue;
  readonly secrets: PostbackSecretRing;
  readonly sender: PostbackSender;
}

const appNotFound = () => new AppError('not_found', Messages.apps.notFound);
const eventNotFound = () => new AppError('not_found', PostbackMessages.eventNotFound);

/** The sample order update the test button sends. */
function sampleOrderUpdate(applicationId: string, now: number) {
  return {
    applicationId,
    orderId: 'TEST-ORDER-1',
    symbol: 'RELIANCE',
    exchange: 'NSE',
    side: 'BUY',
    quantity: 1,
    status: 'COMPLETE',
    updatedAt: new Date(now).toISOString(),
  };
}

/** The developer's side of postbacks: log, replay, test send; owner-checked. */
export function createPostbacksService(deps: PostbacksDeps) {
  const { db, clock } = deps;
  const kysely = db.kysely;

  async function ownedApp(developerId: string, applicationId: string) {
    const app = await findAppOf(kysely, developerId, applicationId);
    if (app === undefined) throw appNotFound();
    return app;
  }

  async function ownedEvent(developerId: string, applicationId: string, eventId: string) {
    await ownedApp(developerId, applicationId);
    const event = await findEvent(kysely, applicationId, eventId);
    if (event === undefined) throw eventNotFound();
    return event;
  }

  /** Counted before the send: each test is an outbound request on the developer's behalf. */
  async function takeTestSend(developerId: string, now: number) {
    const { hits, resetsAt } = await countHit(
      kysely,
      `postback-test ${developerId}`,
      now,
      PostbackLimits.testWindowMs,
    );
    if (hits > PostbackLimits.testSends) {
      const seconds = secondsUntil(resetsAt - now);
      throw new RetryLaterError(PostbackMessages.tooManyTests(seconds), seconds);
    }
  }

  return {
    async list(
      developerId: string,
      applicationId: string,
      state: PostbackState | undefined,
    ): Promise<PostbackEvent[]> {
      await ownedApp(developerId, applicationId);
      const events = await listEvents(kysely, applicationId, state, PostbackLimits.eventsKept);
      const attempts = await attemptsOf(
        kysely,
        events.map((event) => event.id),
      );
      return events.map((event) =>
        eventView(
          event,
          attempts.filter((attempt) => attempt.eventId === event.id),
        ),
      );
    },

    async get(
      developerId: string,
      applicationId: string,
      eventId: string,
    ): Promise<PostbackEventResponse['event']> {
      const event = await ownedEvent(developerId, applicationId, eventId);
      return eventDetailView(event, await attemptsOf(kysely, [event.id]));
    },

    /** A fresh delivery of the event, on a fresh schedule; its attempts keep counting. */
    async replay(developerId: string, applicationId: string, eventId: string): Promise<void> {
      const event = await ownedEvent(developerId, applicationId, eventId);
      await kysely.transaction().execute(async (trx) => {
        if (!(await reopenEvent(trx, event.id, clock.now()))) {
          throw new AppError('postback_pending', PostbackMessages.stillPending);
        }
        await deps.jobs.enqueue(trx, PostbackDeliverJob, { eventId: event.id });
      });
      deps.jobs.nudge();
    },

    /** Sends a sample order update to the saved postback URL now; logged as a test event. */
    async test(
      developerId: string,
      applicationId: string,
    ): Promise<Omit<PostbackTestResponse, 'status' | 'message'>> {
      const app = await ownedApp(developerId, applicationId);
      const url = app.postbackUrl ?? '';
      if (isBlankUrl(url))
        throw new AppError('postback_url_missing', PostbackMessages.noPostbackUrl);
      const now = clock.now();
      await takeTestSend(developerId, now);
      const id = randomUUID();
      const event = {
        id,
        applicationId,
        callerEventId: `test:${id}`,
        type: TEST_EVENT_TYPE,
        payload: JSON.stringify(sampleOrderUpdate(applicationId, now)),
        createdAt: now,
      };
      await kysely.transaction().execute(async (trx) => {
        await insertEventOnce(trx, { ...event, isTest: true });
        await deps.secrets.ensure(trx, applicationId, now);
        await pruneEvents(trx, applicationId, PostbackLimits.eventsKept);
      });
      const secrets = await deps.secrets.live(kysely, applicationId, now);
      const sent = await sendSignedPostback(
        deps.sender,
        url,
        secrets.map((entry) => entry.secret),
        event,
        now,
      );
      // A test is tried once: no retries, so its outcome is final at once.
      await kysely.transaction().execute((trx) =>
        recordAttempt(trx, randomUUID(), event.id, {
          attempt: sent.attempt,
          state: sent.result.ok ? 'delivered' : 'failed',
          nextAttemptAt: null,
        }),
      );
      return {
        eventId: event.id,
        ok: sent.result.ok,
        responseStatus: sent.result.status,
        latencyMs: sent.attempt.latencyMs,
        responseBody: cut(sent.result.responseBody, PostbackLimits.testResponseBytes),
        error: sent.result.error,
        signatureHeaders: sent.signatureHeaders,
      };
    },
  };
}

export type PostbacksService = ReturnType<typeof createPostbacksService>;
