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

const insertRefreshTokenQuery = preparedQuery(
  6,
  (
    db,
    id: string,
    developerId: string,
    tokenHash: string,
    familyId: string,
    expiresAt: number,
    createdAt: number,
  ) =>
    db.insertInto('refreshTokens').values({
      id,
      developerId,
      tokenHash,
      familyId,
      expiresAt,
      createdAt,
      revokedAt: null,
      replacedBy: null,
    }),
);

export async function insertRefreshToken(db: Db, token: NewRefreshToken): Promise<void> {
  const { id, developerId, tokenHash, familyId, expiresAt, createdAt } = token;
  await insertRefreshTokenQuery(db, id, developerId, tokenHash, familyId, expiresAt, createdAt);
}

/** Prepared once (src/server/db/query-plans.api.test.ts reads its plan). */
export const refreshTokenByHash = preparedQuery(1, (db, tokenHash: string) =>
  db
    .selectFrom('refreshTokens')
    .select(['id', 'developerId', 'familyId', 'expiresAt', 'revokedAt', 'replacedBy'])
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

export interface NewSession {
  readonly id: string;
  readonly developerId: string;
  readonly browser: string;
  readonly ip: string;
  readonly place: string | null;
  readonly createdAt: number;
}

const insertSessionQuery = preparedQuery(
  6,
  (
    db,
    id: string,
    developerId: string,
    browser: string,
    ip: string,
    place: string | null,
    createdAt: number,
  ) =>
    db
      .insertInto('sessions')
      .values({ id, developerId, browser, ip, place, createdAt, lastUsedAt: createdAt }),
);

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  const { id, developerId, browser, ip, place, createdAt } = session;
  await insertSessionQuery(db, id, developerId, browser, ip, place, createdAt);
}

export async function touchSession(trx: Trx, sessionId: string, now: number): Promise<void> {
  await trx.updateTable('sessions').set({ lastUsedAt: now }).where('id', '=', sessionId).execute();
}

/** The developer's sessions that can still refresh, most recently used first. */
export function listLiveSessions(db: Db, developerId: string, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'browser', 'ip', 'place', 'createdAt', 'lastUsedAt'])
    .where('developerId', '=', developerId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refreshTokens')
          .select('refreshTokens.id')
          .whereRef('refreshTokens.familyId', '=', 'sessions.id')
          .where('refreshTokens.revokedAt', 'is', null)
          .where('refreshTokens.expiresAt', '>', now),
      ),
    )
    .orderBy('lastUsedAt', 'desc')
    .orderBy('id')
    .execute();
}

/** Ends one session of the developer; false when it is not theirs or already ended. */
export async function revokeSession(
  db: Db,
  developerId: string,
  sessionId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('developerId', '=', developerId)
    .where('familyId', '=', sessionId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends every session of the developer but `keepSessionId`; answers the ended ones' ids. */
export async function revokeOtherSessions(
  trx: Trx,
  developerId: string,
  keepSessionId: string,
  now: number,
): Promise<string[]> {
  const live = await trx
    .selectFrom('refreshTokens')
    .select('familyId')
    .distinct()
    .where('developerId', '=', developerId)
    .where('familyId', '<>', keepSessionId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .execute();
  if (live.length === 0) return [];
  await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('developerId', '=', developerId)
    .where(
      'familyId',
      'in',
      live.map((row) => row.familyId),
    )
    .where('revokedAt', 'is', null)
    .execute();
  return live.map((row) => row.familyId);
}

/** Ends every session of the developer; answers the ended sessions' ids. */
export async function revokeDeveloperTokens(
  db: Db,
  developerId: string,
  now: number,
): Promise<string[]> {
  const rows = await db
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('developerId', '=', developerId)
    .where('revokedAt', 'is', null)
    .returning('familyId')
    .execute();
  return rows.map((row) => row.familyId);
}

/** Deletes every session of the developer and its refresh tokens. */
export async function deleteDeveloperSessions(trx: Trx, developerId: string) {
  await trx.deleteFrom('refreshTokens').where('developerId', '=', developerId).execute();
  await trx.deleteFrom('sessions').where('developerId', '=', developerId).execute();
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

/**
 * Sessions ended at or after `since`, oldest first. A family is ended when one of its tokens
 * was revoked without a successor (a rotation names its successor in `replaced_by`).
 */
export async function endedSessionsSince(
  db: Db,
  since: number,
): Promise<{ sessionId: string; endedAt: number }[]> {
  const rows = await db
    .selectFrom('refreshTokens')
    .select((eb) => ['familyId', eb.fn.max<number>('revokedAt').as('endedAt')])
    .where('revokedAt', '>=', since)
    .where('replacedBy', 'is', null)
    .groupBy('familyId')
    .orderBy('endedAt')
    .execute();
  return rows.map((row) => ({ sessionId: row.familyId, endedAt: row.endedAt }));
}

/** Whether the session (refresh-token family) has ended, as `endedSessionsSince` tells it. */
export async function isSessionEnded(db: Db, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refreshTokens')
    .select('id')
    .where('familyId', '=', sessionId)
    .where('revokedAt', 'is not', null)
    .where('replacedBy', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
