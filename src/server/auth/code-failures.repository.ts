import { sql, type Kysely } from 'kysely';
import type { CodePurpose, Database } from '../db/schema.js';

/** SQL of the wrong-code counts (docs/decisions/057-wrong-codes-across-resends.md). */
type Db = Kysely<Database>;

const bigint = (value: number) => sql<number>`cast(${value} as bigint)`;

/** The count of the current window, or undefined when there is none or it has ended. */
export async function findCodeFailures(
  db: Db,
  developerId: string,
  purpose: CodePurpose,
  windowStartedAfter: number,
) {
  return db
    .selectFrom('codeFailures')
    .select(['failures', 'windowStartedAt'])
    .where('developerId', '=', developerId)
    .where('purpose', '=', purpose)
    .where('windowStartedAt', '>', windowStartedAfter)
    .executeTakeFirst();
}

/**
 * Counts one wrong code in one statement and answers the count after it: a window that
 * started at or before `windowStartedAfter` starts again at this failure.
 */
export async function countCodeFailure(
  db: Db,
  developerId: string,
  purpose: CodePurpose,
  now: number,
  windowStartedAfter: number,
): Promise<number> {
  const isOld = sql<boolean>`${sql.ref('codeFailures.windowStartedAt')} <= ${bigint(windowStartedAfter)}`;
  const row = await db
    .insertInto('codeFailures')
    .values({ developerId, purpose, failures: 1, windowStartedAt: now })
    .onConflict((conflict) =>
      conflict.columns(['developerId', 'purpose']).doUpdateSet({
        failures: sql<number>`(case when ${isOld} then 1 else ${sql.ref('codeFailures.failures')} + 1 end)`,
        windowStartedAt: sql<number>`(case when ${isOld} then ${bigint(now)} else ${sql.ref('codeFailures.windowStartedAt')} end)`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}
