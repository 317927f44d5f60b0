import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../db/prepared-query.js';
import type { CodePurpose, Database } from '../db/schema.js';

/** SQL of the one-time codes. `Kysely` accepts a Transaction as well. */
type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export function listCodesSince(trx: Trx, developerId: string, purpose: CodePurpose, since: number) {
  return trx
    .selectFrom('oneTimeCodes')
    .select('createdAt')
    .where('developerId', '=', developerId)
    .where('purpose', '=', purpose)
    .where('createdAt', '>', since)
    .orderBy('createdAt', 'desc')
    .execute();
}

export async function supersedeLiveCodes(
  trx: Trx,
  developerId: string,
  purpose: CodePurpose,
  now: number,
): Promise<void> {
  await trx
    .updateTable('oneTimeCodes')
    .set({ supersededAt: now })
    .where('developerId', '=', developerId)
    .where('purpose', '=', purpose)
    .where('consumedAt', 'is', null)
    .where('supersededAt', 'is', null)
    .execute();
}

export async function insertCode(
  trx: Trx,
  code: {
    id: string;
    developerId: string;
    purpose: CodePurpose;
    codeHash: string;
    attempts: number;
    expiresAt: number;
    createdAt: number;
  },
): Promise<void> {
  await trx
    .insertInto('oneTimeCodes')
    .values({ ...code, consumedAt: null, supersededAt: null })
    .execute();
}

/** Prepared once (src/server/db/query-plans.api.test.ts reads its plan). */
export const newestLiveCode = preparedQuery(2, (db, developerId: string, purpose: CodePurpose) =>
  db
    .selectFrom('oneTimeCodes')
    .select(['id', 'codeHash', 'expiresAt', 'attempts'])
    .where('developerId', '=', developerId)
    .where('purpose', '=', purpose)
    .where('consumedAt', 'is', null)
    .where('supersededAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .limit(1),
);

/** The newest code neither used nor replaced, expired or not. */
export async function findNewestLiveCode(db: Db, developerId: string, purpose: CodePurpose) {
  const [row] = await newestLiveCode(db, developerId, purpose);
  return row;
}

/**
 * Takes one of the code's tries, atomically: of any number of parallel checks at most
 * `maxAttempts` get a row back, so no more than that many comparisons ever happen.
 */
export async function claimCodeAttempt(db: Db, id: string, maxAttempts: number) {
  const result = await db
    .updateTable('oneTimeCodes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('consumedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Gives back the try a correct check took (the reset-code check does not use the code). */
export async function releaseCodeAttempt(db: Db, id: string): Promise<void> {
  await db
    .updateTable('oneTimeCodes')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .where('attempts', '>', 0)
    .execute();
}

/** Uses the code once; false when it was used or replaced in the meantime. */
export async function consumeCode(trx: Trx, id: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('oneTimeCodes')
    .set({ consumedAt: now })
    .where('id', '=', id)
    .where('consumedAt', 'is', null)
    .where('supersededAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
