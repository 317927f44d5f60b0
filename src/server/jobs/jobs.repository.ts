import type { Kysely, Transaction } from 'kysely';
import type { Engine } from '../db/database.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';

export interface NewJob {
  readonly id: string;
  readonly kind: string;
  readonly payload: string;
  readonly maxAttempts: number;
  readonly runAt: number;
  readonly createdAt: number;
}

export interface ClaimedJob {
  readonly id: string;
  readonly kind: string;
  readonly payload: string | null;
  /** Tries so far, this one included. */
  readonly attempts: number;
  readonly maxAttempts: number;
  /** Who holds the lease: only this holder may end the job or count its try as failed. */
  readonly lockedBy: string;
}

export interface JobRow {
  readonly id: string;
  readonly kind: string;
  readonly attempts: number;
  readonly maxAttempts: number;
  readonly runAt: number;
  readonly lockedUntil: number | null;
  readonly lastError: string | null;
  readonly doneAt: number | null;
  readonly failedAt: number | null;
  readonly createdAt: number;
}

const insertJobQuery = preparedQuery(
  6,
  (
    db,
    id: string,
    kind: string,
    payload: string,
    maxAttempts: number,
    runAt: number,
    createdAt: number,
  ) => db.insertInto('jobs').values({ id, kind, payload, maxAttempts, runAt, createdAt }),
);

export async function insertJob(trx: Transaction<Database>, job: NewJob): Promise<void> {
  await insertJobQuery(
    trx,
    job.id,
    job.kind,
    job.payload,
    job.maxAttempts,
    job.runAt,
    job.createdAt,
  );
}

/** Inserts a job unless one with its id exists (a periodic job's run, see schedule.ts). */
export async function insertJobOnce(db: Kysely<Database>, job: NewJob): Promise<void> {
  await db
    .insertInto('jobs')
    .values(job)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * The claim, compiled once per engine (decision 018): building it anew cost the drain about
 * a sixth of a millisecond per claim (docs/decisions/035-wal-sync-off-the-loop.md). On
 * PostgreSQL `FOR UPDATE SKIP LOCKED` lets instances claim side by side without waiting on
 * or taking each other's rows; SQLite runs one writer at a time, so the single UPDATE is
 * atomic there as it stands.
 */
function claimQuery(engine: Engine) {
  return preparedQuery(4, (db, holder: string, now: number, lockedUntil: number, limit: number) =>
    db
      .updateTable('jobs')
      // A lease still set ran out without a result (its worker died or hung): that try
      // never ended, so taking the job again repeats it instead of spending another one.
      .set((eb) => ({
        attempts: eb
          .case()
          .when('lockedUntil', 'is', null)
          .then(eb('attempts', '+', 1))
          .else(eb.ref('attempts'))
          .end(),
        lockedUntil,
        lockedBy: holder,
      }))
      .where('id', 'in', (eb) => {
        const due = eb
          .selectFrom('jobs')
          .select('id')
          .where('doneAt', 'is', null)
          .where('failedAt', 'is', null)
          .where('runAt', '<=', now)
          .where((w) => w.or([w('lockedUntil', 'is', null), w('lockedUntil', '<=', now)]))
          .orderBy('runAt')
          .limit(limit);
        return engine === 'postgres' ? due.forUpdate().skipLocked() : due;
      })
      .returning(['id', 'kind', 'payload', 'attempts', 'maxAttempts', 'runAt', 'createdAt']),
  );
}
export const claimQueries = { sqlite: claimQuery('sqlite'), postgres: claimQuery('postgres') };

/**
 * Takes up to `limit` of the oldest due open jobs whose lease (if any) has run out, in one
 * statement (one commit for all of them): each new try is counted and each lease set to
 * `holder` (the worker and its claim) as it is taken. The jobs come back oldest first.
 */
export async function claimDueJobs(
  db: Kysely<Database>,
  engine: Engine,
  holder: string,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<ClaimedJob[]> {
  const claimed = await claimQueries[engine](db, holder, now, now + leaseMs, limit);
  // RETURNING keeps no order: first tries go out in the order their jobs became due.
  return claimed
    .sort((a, b) => a.runAt - b.runAt || a.createdAt - b.createdAt)
    .map(({ id, kind, payload, attempts, maxAttempts }) => ({
      id,
      kind,
      payload,
      attempts,
      maxAttempts,
      lockedBy: holder,
    }));
}

function completeQuery(erasePayload: boolean) {
  return preparedQuery(3, (db, id: string, lockedBy: string, doneAt: number) =>
    db
      .updateTable('jobs')
      .set({
        doneAt,
        lockedUntil: null,
        lockedBy: null,
        lastError: null,
        ...(erasePayload ? { payload: null } : {}),
      })
      .where('id', '=', id)
      .where('lockedBy', '=', lockedBy)
      .where('doneAt', 'is', null)
      .returning('id'),
  );
}
const completeKeepingPayload = completeQuery(false);
const completeErasingPayload = completeQuery(true);

/**
 * Done: the lease is dropped and, for a secret payload, the payload erased. Only while the
 * lease is still `lockedBy`'s; false when it ran out and another worker took the job.
 */
export async function completeJob(
  db: Kysely<Database>,
  id: string,
  lockedBy: string,
  now: number,
  erasePayload: boolean,
): Promise<boolean> {
  const complete = erasePayload ? completeErasingPayload : completeKeepingPayload;
  return (await complete(db, id, lockedBy, now)).length > 0;
}

/**
 * A failed try: due again at `next.runAt` while tries are left, else failed at
 * `next.failedAt` until an operator retries it. Only while the lease is still ours.
 */
export async function recordFailedTry(
  db: Kysely<Database>,
  id: string,
  lockedBy: string,
  next: { readonly runAt: number } | { readonly failedAt: number },
  error: string,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ ...next, lockedUntil: null, lockedBy: null, lastError: error })
    .where('id', '=', id)
    .where('lockedBy', '=', lockedBy)
    .where('doneAt', 'is', null)
    .execute();
}

/** The newest jobs first, without their payloads. */
export async function listJobs(db: Kysely<Database>, limit: number): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .select([
      'id',
      'kind',
      'attempts',
      'maxAttempts',
      'runAt',
      'lockedUntil',
      'lastError',
      'doneAt',
      'failedAt',
      'createdAt',
    ])
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A failed job gets a fresh set of tries, due now. False when no failed job has that id. */
export async function retryFailedJob(
  db: Kysely<Database>,
  id: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ failedAt: null, attempts: 0, runAt: now, lockedUntil: null, lockedBy: null })
    .where('id', '=', id)
    .where('failedAt', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
