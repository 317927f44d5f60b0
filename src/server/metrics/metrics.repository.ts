import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface PendingProofs {
  readonly count: number;
  /** When the longest-waiting document was sent; null when none waits. */
  readonly oldestSentAt: number | null;
}

/**
 * Proofs waiting for an operator: claimed, a document sent, not yet accepted (the
 * waiting-proof index serves it, migration 0017).
 */
export function pendingProofsSummaryQuery(db: Kysely<Database>) {
  return db
    .selectFrom('ipRecords')
    .select((eb) => [
      // bigint counts come back as numbers (database.ts parses int8)
      eb.fn.countAll<number>().as('count'),
      eb.fn.min<number | null>('documentSentAt').as('oldest'),
    ])
    .where('familyPending', '=', 1)
    .where('adminAccept', '=', 0)
    .where('documentSentAt', 'is not', null);
}

export async function summarizePendingProofs(db: Kysely<Database>): Promise<PendingProofs> {
  const row = await pendingProofsSummaryQuery(db).executeTakeFirstOrThrow();
  return { count: row.count, oldestSentAt: row.oldest };
}

export interface JobQueueSummary {
  /** Jobs neither done nor failed, leaving out a scheduled run that is not due yet. */
  readonly open: number;
  /** Creation time of the oldest open job; null when none is open. */
  readonly oldestCreatedAt: number | null;
  readonly failedByKind: ReadonlyMap<string, number>;
}

/** The job queue's depth, its oldest open job and its failed jobs by kind. */
export async function summarizeJobQueue(
  db: Kysely<Database>,
  now: number,
): Promise<JobQueueSummary> {
  const open = await db
    .selectFrom('jobs')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min<number | null>('createdAt').as('oldest'),
    ])
    .where('doneAt', 'is', null)
    .where('failedAt', 'is', null)
    .where((eb) => eb.or([eb('runAt', '<=', now), eb('attempts', '>', 0)]))
    .executeTakeFirstOrThrow();
  const failed = await db
    .selectFrom('jobs')
    .select((eb) => ['kind', eb.fn.countAll<number>().as('count')])
    .where('failedAt', 'is not', null)
    .groupBy('kind')
    .execute();
  return {
    open: open.count,
    oldestCreatedAt: open.oldest,
    failedByKind: new Map(failed.map((row) => [row.kind, row.count])),
  };
}
