import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';

/** SQL of refresh tokens and used hand-off tokens. `Kysely` accepts a Transaction as well. */
type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface NewRefreshToken {
  readonly id: string;
  readonly developerId: string;
  readonly tokenHash: string;
  readonly familyId: string;
  readonly expiresAt: number;
  readonly createdAt: number;
}

export async function insertRefreshToken(db: Db, token: NewRefreshToken): Promise<void> {
  await db
    .insertInto('refreshTokens')
    .values({ ...token, revokedAt: null, replacedBy: null })
    .execute();
}

/** Prepared once (src/server/db/query-plans.api.test.ts reads its plan). */
export const refreshTokenByHash = preparedQuery(1, (db, tokenHash: string) =>
  db
    .selectFrom('refreshTokens')
    .select(['id', 'developerId', 'familyId', 'expiresAt', 'revokedAt'])
    .where('tokenHash', '=', tokenHash),
);

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await refreshTokenByHash(db, tokenHash);
  return row;
}

/**
 * Retires a live token in favour of its successor. Exactly one of any number of parallel
 * rotations of one token gets true: the others find it already revoked.
 */
export async function retireRefreshToken(
  trx: Trx,
  tokenHash: string,
  successorId: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: now, replacedBy: successorId })
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function revokeFamily(db: Db, familyId: string, now: number): Promise<void> {
  await db
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function revokeDeveloperTokens(db: Db, developerId: string, now: number) {
  await db
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('developerId', '=', developerId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Records a hand-off token as used; false when it was used before. */
export async function recordFlowTokenUse(db: Db, jti: string, expiresAt: number, now: number) {
  await db.deleteFrom('flowTokenUses').where('expiresAt', '<', now).execute();
  const result = await db
    .insertInto('flowTokenUses')
    .values({ jti, expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}
