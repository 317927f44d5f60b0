import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** SQL of the purge of expired sign-in data (purge-job.ts). */
type Db = Kysely<Database>;

/**
 * Deletes refresh-token families past their absolute expiry (every row of a family carries
 * it), and families with no live token whose last revocation is at or before `revokedBefore`.
 */
export async function deleteDeadRefreshTokens(
  db: Db,
  now: number,
  revokedBefore: number,
): Promise<number> {
  const expired = await db
    .deleteFrom('refreshTokens')
    .where('expiresAt', '<=', now)
    .executeTakeFirst();
  const revoked = await db
    .deleteFrom('refreshTokens')
    .where('familyId', 'in', (eb) =>
      eb
        .selectFrom('refreshTokens')
        .select('familyId')
        .groupBy('familyId')
        // count(revoked_at) counts the revoked rows: equal to count(*) when none is live.
        .having(sql<number>`count(*)`, '=', sql<number>`count(revoked_at)`)
        .having(sql<number>`max(revoked_at)`, '<=', revokedBefore),
    )
    .executeTakeFirst();
  return Number(expired.numDeletedRows + revoked.numDeletedRows);
}

/** Deletes one-time codes that expired at or before `expiredBefore`. */
export async function deleteExpiredCodes(db: Db, expiredBefore: number): Promise<number> {
  const result = await db
    .deleteFrom('oneTimeCodes')
    .where('expiresAt', '<=', expiredBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the sessions-list rows of sessions whose refresh tokens are all gone. */
export async function deleteEndedSessions(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('refreshTokens')
            .select('refreshTokens.id')
            .whereRef('refreshTokens.familyId', '=', 'sessions.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes sign-in counts that no longer hold anything: not locked, and quiet since
 * `quietSince` (the next failure would start again at 1).
 */
export async function deleteQuietSignInThrottles(
  db: Db,
  now: number,
  quietSince: number,
): Promise<number> {
  const result = await db
    .deleteFrom('signInThrottles')
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .where('lastFailedSignInAt', '<=', quietSince)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the accounts still unverified that were made at or before `createdBefore`; what
 * they hold goes with them (the foreign keys cascade), and their e-mails are free again.
 */
export async function deleteUnverifiedDevelopers(db: Db, createdBefore: number): Promise<number> {
  const result = await db
    .deleteFrom('developers')
    .where('verifiedAt', 'is', null)
    .where('createdAt', '<=', createdBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
