import type { Kysely, Transaction } from 'kysely';
import type { PostbackState } from '../../contract/postbacks.js';
import { preparedQuery } from '../db/prepared-query.js';
import { PostbackDeliverJob } from './postback-deliver-job.js';
import type { PostbackSecretRow } from './postback-secrets.repository.js';
import type { Database, PostbackAttemptsTable } from '../db/schema.js';

export interface NewPostbackEvent {
  readonly id: string;
  readonly applicationId: string;
  readonly callerEventId: string;
  readonly type: string;
  readonly payload: string;
  readonly isTest: boolean;
  readonly createdAt: number;
}

const EVENT_COLUMNS = [
  'id',
  'applicationId',
  'callerEventId',
  'type',
  'payload',
  'isTest',
  'state',
  'createdAt',
  'attempts',
  'nextAttemptAt',
  'lastStatus',
  'lastLatencyMs',
] as const;

/**
 * What the intake needs of an application: whether it exists, is active, and is neither held
 * nor blocked, alone or with every application of its developer.
 */
export const postbackTarget = preparedQuery(1, (db, applicationId: string) =>
  db
    .selectFrom('applications')
    .innerJoin('developers', 'developers.id', 'applications.ownerId')
    .select([
      'applications.id',
      'applications.isActive',
      'applications.operatorHoldAt',
      'applications.blockedAt',
      'developers.blockedAt as developerBlockedAt',
    ])
    .where('applications.id', '=', applicationId),
);

export async function findPostbackTarget(db: Kysely<Database>, applicationId: string) {
  const [target] = await postbackTarget(db, applicationId);
  return target;
}

const insertEvent = preparedQuery(
  7,
  (
    db,
    id: string,
    applicationId: string,
    callerEventId: string,
    type: string,
    payload: string,
    isTest: number,
    createdAt: number,
  ) =>
    db
      .insertInto('postbackEvents')
      .values({
        id,
        applicationId,
        callerEventId,
        type,
        payload,
        isTest,
        createdAt,
        state: 'pending',
        attempts: 0,
      })
      .onConflict((oc) => oc.columns(['applicationId', 'callerEventId']).doNothing())
      .returning('id'),
);

/** Inserts the event unless its caller id is known; true when it was inserted. */
export async function insertEventOnce(
  trx: Transaction<Database>,
  event: NewPostbackEvent,
): Promise<boolean> {
  const inserted = await insertEvent(
    trx,
    event.id,
    event.applicationId,
    event.callerEventId,
    event.type,
    event.payload,
    event.isTest ? 1 : 0,
    event.createdAt,
  );
  return inserted.length > 0;
}

const rememberEventId = preparedQuery(
  3,
  (db, applicationId: string, callerEventId: string, seenAt: number) =>
    db
      .insertInto('postbackEventIds')
      .values({ applicationId, callerEventId, seenAt })
      .onConflict((oc) => oc.columns(['applicationId', 'callerEventId']).doNothing())
      .returning('seenAt'),
);

/**
 * Remembers the caller's event id; false when it is known already (seen within the
 * window, which the hourly purge ends: decision 050).
 */
export async function rememberCallerEventId(
  trx: Transaction<Database>,
  applicationId: string,
  callerEventId: string,
  now: number,
): Promise<boolean> {
  return (await rememberEventId(trx, applicationId, callerEventId, now)).length > 0;
}

/** Forgets the caller's event ids seen before `before`: sent again, they are new events. */
export async function forgetCallerEventIdsBefore(
  db: Kysely<Database>,
  before: number,
): Promise<number> {
  const result = await db
    .deleteFrom('postbackEventIds')
    .where('seenAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function findEventByCallerId(
  db: Kysely<Database>,
  applicationId: string,
  callerEventId: string,
) {
  return db
    .selectFrom('postbackEvents')
    .select(EVENT_COLUMNS)
    .where('applicationId', '=', applicationId)
    .where('callerEventId', '=', callerEventId)
    .executeTakeFirst();
}

export function findEvent(db: Kysely<Database>, applicationId: string, eventId: string) {
  return db
    .selectFrom('postbackEvents')
    .select(EVENT_COLUMNS)
    .where('applicationId', '=', applicationId)
    .where('id', '=', eventId)
    .executeTakeFirst();
}

/**
 * An event with where it goes, whom to tell when it fails, and its application's signing
 * secrets (one row a secret; one row with null secret columns when it has none): one read
 * where the delivery made two (docs/decisions/038-drain-cpu.md).
 */
export const eventForDelivery = preparedQuery(1, (db, eventId: string) =>
  db
    .selectFrom('postbackEvents')
    .innerJoin('applications', 'applications.id', 'postbackEvents.applicationId')
    .innerJoin('developers', 'developers.id', 'applications.ownerId')
    .leftJoin('postbackSecrets', 'postbackSecrets.applicationId', 'postbackEvents.applicationId')
    .select([
      'postbackEvents.id',
      'postbackEvents.applicationId',
      'postbackEvents.callerEventId',
      'postbackEvents.type',
      'postbackEvents.payload',
      'postbackEvents.createdAt',
      'postbackEvents.state',
      'applications.name as applicationName',
      'applications.postbackUrl',
      'applications.isActive',
      'developers.email',
      'developers.name as developerName',
      'postbackSecrets.id as secretId',
      'postbackSecrets.sealedSecret',
      'postbackSecrets.expiresAt as secretExpiresAt',
    ])
    .where('postbackEvents.id', '=', eventId),
);

/** The event to deliver and its application's secrets (sealed), or undefined. */
export async function findEventForDelivery(db: Kysely<Database>, eventId: string) {
  const rows = await eventForDelivery(db, eventId);
  const [event] = rows;
  if (event === undefined) return undefined;
  const secrets: PostbackSecretRow[] = rows.flatMap((row) =>
    row.secretId === null || row.sealedSecret === null
      ? []
      : [
          {
            id: row.secretId,
            applicationId: row.applicationId,
            sealedSecret: row.sealedSecret,
            expiresAt: row.secretExpiresAt,
          },
        ],
  );
  return { event, secrets };
}

const pruneQuery = preparedQuery(2, (db, applicationId: string, keep: number) =>
  db
    .deleteFrom('postbackEvents')
    .where('applicationId', '=', applicationId)
    .where('state', '!=', 'pending')
    .where('seq', '<=', (eb) =>
      eb
        .selectFrom('postbackEvents')
        .select('seq')
        .where('applicationId', '=', applicationId)
        .orderBy('seq', 'desc')
        .limit(1)
        .offset(keep),
    ),
);

/**
 * Keeps the newest `keep` events of the application; their attempts go with the rest. An
 * older event still pending stays until it is delivered or fails: the log never loses one.
 */
export async function pruneEvents(
  trx: Transaction<Database>,
  applicationId: string,
  keep: number,
): Promise<void> {
  await pruneQuery(trx, applicationId, keep);
}

export interface AttemptOutcome {
  readonly attempt: Omit<PostbackAttemptsTable, 'id' | 'eventId' | 'number'>;
  readonly state: PostbackState;
  readonly nextAttemptAt: number | null;
}

const countAttempt = preparedQuery(
  5,
  (
    db,
    eventId: string,
    state: PostbackState,
    nextAttemptAt: number | null,
    lastStatus: number | null,
    lastLatencyMs: number,
  ) =>
    db
      .updateTable('postbackEvents')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        state,
        nextAttemptAt,
        lastStatus,
        lastLatencyMs,
      }))
      .where('id', '=', eventId)
      .returning('attempts'),
);

const insertAttempt = preparedQuery(
  11,
  (
    db,
    id: string,
    eventId: string,
    number: number,
    at: number,
    requestHeaders: string,
    requestBody: string,
    responseStatus: number | null,
    responseHeaders: string,
    responseBody: string,
    latencyMs: number,
    error: string | null,
  ) =>
    db.insertInto('postbackAttempts').values({
      id,
      eventId,
      number,
      at,
      requestHeaders,
      requestBody,
      responseStatus,
      responseHeaders,
      responseBody,
      latencyMs,
      error,
    }),
);

/** Appends one attempt and sets the event's state, counted as its next attempt. */
export async function recordAttempt(
  trx: Transaction<Database>,
  attemptId: string,
  eventId: string,
  outcome: AttemptOutcome,
): Promise<void> {
  const { attempt } = outcome;
  const [event] = await countAttempt(
    trx,
    eventId,
    outcome.state,
    outcome.nextAttemptAt,
    attempt.responseStatus,
    attempt.latencyMs,
  );
  // The event was pruned from the log meanwhile: nothing to attach the attempt to.
  if (event === undefined) return;
  await insertAttempt(
    trx,
    attemptId,
    eventId,
    event.attempts,
    attempt.at,
    attempt.requestHeaders,
    attempt.requestBody,
    attempt.responseStatus,
    attempt.responseHeaders,
    attempt.responseBody,
    attempt.latencyMs,
    attempt.error,
  );
}

/** A replay: the event waits for a fresh delivery. */
/**
 * Opens an event for one more delivery, unless a delivery job of it is still open (its own
 * retry waiting or running): a second job would deliver it twice. A pending event whose job
 * has ended may be opened again.
 */
export async function reopenEvent(
  trx: Transaction<Database>,
  eventId: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('postbackEvents')
    .set({ state: 'pending', nextAttemptAt: now })
    .where('id', '=', eventId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('jobs')
            .select('jobs.id')
            .where('jobs.kind', '=', PostbackDeliverJob.kind)
            .where('jobs.payload', '=', JSON.stringify({ eventId }))
            .where('jobs.doneAt', 'is', null)
            .where('jobs.failedAt', 'is', null),
        ),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** An event of a paused application: not sent, ended failed (the developer may replay it). */
export async function endPausedEvent(db: Kysely<Database>, eventId: string): Promise<void> {
  await db
    .updateTable('postbackEvents')
    .set({ state: 'failed', nextAttemptAt: null })
    .where('id', '=', eventId)
    .execute();
}

/** The newest events of an application, optionally of one state. */
export function listEvents(
  db: Kysely<Database>,
  applicationId: string,
  state: PostbackState | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('postbackEvents')
    .select(EVENT_COLUMNS)
    .where('applicationId', '=', applicationId);
  if (state !== undefined) query = query.where('state', '=', state);
  return query.orderBy('seq', 'desc').limit(limit).execute();
}

export function attemptsOf(db: Kysely<Database>, eventIds: readonly string[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('postbackAttempts')
    .select([
      'eventId',
      'number',
      'at',
      'requestHeaders',
      'requestBody',
      'responseStatus',
      'responseHeaders',
      'responseBody',
      'latencyMs',
      'error',
    ])
    .where('eventId', 'in', eventIds)
    .orderBy('eventId')
    .orderBy('number')
    .execute();
}

export type PostbackEventRow = NonNullable<Awaited<ReturnType<typeof findEvent>>>;
export type PostbackAttemptRow = Awaited<ReturnType<typeof attemptsOf>>[number];
