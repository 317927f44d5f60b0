import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { preparedQuery } from '../db/prepared-query.js';
import { withoutDiskSync } from '../db/without-disk-sync.js';

export interface Counter {
  readonly hits: number;
  readonly resetsAt: number;
}

/**
 * Counts one request in one statement, so instances racing on one key never lose a hit:
 * PostgreSQL locks the row for `ON CONFLICT ... DO UPDATE`, SQLite runs writers one at a
 * time. A window that has passed starts again at this request. A counter lost to a power
 * cut costs nothing, so its commit does not wait for the disk.
 */
export function countHit(
  db: Kysely<Database>,
  key: string,
  now: number,
  windowMs: number,
): Promise<Counter> {
  return withoutDiskSync(db, async (connection) => {
    const [counter] = await upsert(connection, key, now, now + windowMs);
    if (counter === undefined) throw new Error('countHit: the upsert returned no row');
    return counter;
  });
}

/** Prepared once: the rate limits count a hit on most writes (docs/decisions/018-bench-method.md). */
const upsert = preparedQuery(3, (db, key: string, now: number, resetsAt: number) =>
  db
    .insertInto('rateLimits')
    .values({ key, hits: 1, resetsAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        const isOver = eb('rateLimits.resetsAt', '<=', now);
        return {
          hits: eb
            .case()
            .when(isOver)
            .then(1)
            .else(eb('rateLimits.hits', '+', 1))
            .end(),
          resetsAt: eb.case().when(isOver).then(resetsAt).else(eb.ref('rateLimits.resetsAt')).end(),
        };
      }),
    )
    .returning(['hits', 'resetsAt']),
);

/** Removes the counters whose window has passed; returns how many. */
export async function deleteExpiredCounters(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('rateLimits').where('resetsAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
