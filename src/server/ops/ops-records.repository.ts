import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** SQL of the console's developer and application pages and of support's actions. */
type Db = Kysely<Database> | Transaction<Database>;

export function findDeveloper(db: Db, id: string) {
  return db
    .selectFrom('developers')
    .select([
      'id',
      'email',
      'name',
      'mobile',
      'state',
      'clientCode',
      'verifiedAt',
      'lockedUntil',
      'createdAt',
      'blockedReason',
      'blockedAt',
      'secondFactorAt',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The latest lock of the developer's keyed counts (an address's, a device's), if any. */
export async function latestKeyedLock(db: Db, developerId: string): Promise<number | null> {
  const row = await db
    .selectFrom('signInThrottles')
    .select((eb) => eb.fn.max('lockedUntil').as('lockedUntil'))
    .where('developerId', '=', developerId)
    .executeTakeFirst();
  return row?.lockedUntil ?? null;
}

export function findApplication(db: Db, id: string) {
  return db
    .selectFrom('applications')
    .innerJoin('developers', 'developers.id', 'applications.ownerId')
    .select([
      'applications.id',
      'applications.name',
      'applications.allowedUsers',
      'applications.algoId',
      'applications.isActive',
      'applications.operatorHoldReason',
      'applications.operatorHoldAt',
      'applications.blockedReason',
      'applications.blockedAt',
      'applications.callbackUrl',
      'applications.postbackUrl',
      'applications.description',
      'applications.createdAt',
      'developers.id as developerId',
      'developers.email as developerEmail',
      'developers.name as developerName',
      'developers.blockedReason as developerBlockedReason',
      'developers.blockedAt as developerBlockedAt',
    ])
    .where('applications.id', '=', id)
    .executeTakeFirst();
}

export function applicationsOf(db: Db, ownerId: string) {
  return db
    .selectFrom('applications')
    .select(['id', 'name', 'allowedUsers', 'isActive', 'blockedAt'])
    .where('ownerId', '=', ownerId)
    .orderBy('createdAt', 'desc')
    .execute();
}

export function ipRecordsOfApps(db: Db, applicationIds: readonly string[]) {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ipRecords')
    .select(['applicationId', 'ip', 'familyPending', 'adminAccept', 'rejectionReason'])
    .where('applicationId', 'in', applicationIds)
    .orderBy('createdAt')
    .orderBy('ip')
    .execute();
}

export function keysOf(db: Db, applicationId: string) {
  return db
    .selectFrom('apiKeys')
    .select(['id', 'applicationId', 'sealedKey', 'expiresAt'])
    .where('applicationId', '=', applicationId)
    .execute();
}

/**
 * An operator's pause holds the application paused with the reason; the resume lifts the hold
 * and makes it active. The developer's own toggle cannot lift a hold (apps.service.ts).
 */
export async function setApplicationHold(
  trx: Transaction<Database>,
  id: string,
  hold: { readonly reason: string } | null,
  now: number,
): Promise<void> {
  await trx
    .updateTable('applications')
    .set({
      isActive: hold === null ? 1 : 0,
      operatorHoldReason: hold?.reason ?? null,
      operatorHoldAt: hold === null ? null : now,
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The kill switch (docs/decisions/054-kill-switch.md) on one application, or on every
 * application of a developer, those made later included; null lifts it.
 */
export async function setBlock(
  trx: Transaction<Database>,
  table: 'applications' | 'developers',
  id: string,
  reason: string | null,
  now: number,
): Promise<void> {
  await trx
    .updateTable(table)
    .set({ blockedReason: reason, blockedAt: reason === null ? null : now, updatedAt: now })
    .where('id', '=', id)
    .execute();
  if (table === 'developers') {
    // Every application answer carries the developer's block: their cached list is stale.
    await trx
      .updateTable('developers')
      .set((eb) => ({ appsVersion: eb('appsVersion', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
}

/** Every failed-sign-in count of the developer starts again: the account's and the keyed ones. */
export async function unlockDeveloper(trx: Transaction<Database>, id: string): Promise<void> {
  await trx
    .updateTable('developers')
    .set({ failedSignIns: 0, lockedUntil: null, lastFailedSignInAt: null })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('signInThrottles').where('developerId', '=', id).execute();
}

/**
 * Ends every session: refresh tokens revoked, access tokens issued before now refused.
 * Answers the ended sessions' ids.
 */
export async function endDeveloperSessions(
  trx: Transaction<Database>,
  id: string,
  now: number,
): Promise<string[]> {
  const ended = await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('developerId', '=', id)
    .where('revokedAt', 'is', null)
    .returning('familyId')
    .execute();
  await trx.updateTable('developers').set({ tokensValidAfter: now }).where('id', '=', id).execute();
  return ended.map((row) => row.familyId);
}
