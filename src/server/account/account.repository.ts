import type { Kysely, Transaction } from 'kysely';
import type { ProfileUpdateRequest } from '../../contract/account.js';
import type { Database } from '../db/schema.js';

/** SQL of the account screen. `Kysely` accepts a Transaction as well. */
type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export async function updateProfile(
  db: Db,
  id: string,
  profile: ProfileUpdateRequest,
  now: number,
): Promise<void> {
  await db
    .updateTable('developers')
    .set({ name: profile.name, mobile: profile.mobile, state: profile.state, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** True while the family still has a refresh token that can be used. */
export async function isFamilyLive(
  db: Db,
  developerId: string,
  familyId: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('refreshTokens')
    .select('id')
    .where('developerId', '=', developerId)
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Ends every session of the developer but one (a password change keeps the current one);
 * answers the ended sessions' ids.
 */
export async function revokeOtherFamilies(
  trx: Trx,
  developerId: string,
  keptFamilyId: string,
  now: number,
): Promise<string[]> {
  const rows = await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('developerId', '=', developerId)
    .where('familyId', '!=', keptFamilyId)
    .where('revokedAt', 'is', null)
    .returning('familyId')
    .execute();
  return rows.map((row) => row.familyId);
}
