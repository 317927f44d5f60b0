import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

/** The application's tokens neither revoked nor past their daily logout at `now`, newest first. */
export function listLiveTokens(db: Db, applicationId: string, now: number) {
  return db
    .selectFrom('connectTokens')
    .select(['tokenHash', 'clientCode', 'ip', 'createdAt'])
    .where('applicationId', '=', applicationId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .orderBy('tokenHash')
    .execute();
}

/**
 * Revokes a live token; its application and client, or undefined when it was unknown,
 * revoked or past its logout already (nothing to record then).
 */
export function revokeLiveToken(db: Db, tokenHash: string, now: number) {
  return db
    .updateTable('connectTokens')
    .set({ revokedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['applicationId', 'clientCode'])
    .executeTakeFirst();
}

/** Whose application it is and its name: a Connect event goes to its developer's log. */
export function findAppOwner(db: Db, applicationId: string) {
  return db
    .selectFrom('applications')
    .select(['ownerId', 'name'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
}
