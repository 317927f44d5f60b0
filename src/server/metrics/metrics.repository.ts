import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface PendingProofs {
  readonly count: number;
  /** Creation time of the oldest pending record; null when none waits. */
  readonly oldestCreatedAt: number | null;
}

/** IP records whose family proof waits for an operator (claimed, not yet accepted). */
export async function summarizePendingProofs(db: Kysely<Database>): Promise<PendingProofs> {
  const row = await db
    .selectFrom('ipRecords')
    .select((eb) => [
      // bigint counts come back as numbers (database.ts parses int8)
      eb.fn.countAll<number>().as('count'),
      eb.fn.min<number | null>('createdAt').as('oldest'),
    ])
    .where('familyPending', '=', 1)
    .where('adminAccept', '=', 0)
    .executeTakeFirstOrThrow();
  return { count: row.count, oldestCreatedAt: row.oldest };
}
