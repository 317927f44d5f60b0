import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../db/prepared-query.js';
import type { ApiKeysTable, Database } from '../db/schema.js';

export type KeyRow = Pick<ApiKeysTable, 'id' | 'applicationId' | 'sealedKey' | 'expiresAt'>;

const KEY_COLUMNS = ['id', 'applicationId', 'sealedKey', 'expiresAt'] as const;

/**
 * The keys beside the hot reads of applications (apps.repository.ts): every stored key,
 * expired ones too; the service drops those past their grace until the hourly purge.
 */
export const keyQueries = {
  ofOwner: preparedQuery(1, (db, ownerId: string) =>
    db
      .selectFrom('apiKeys')
      .select(KEY_COLUMNS)
      .where('applicationId', 'in', (owned) =>
        owned.selectFrom('applications').select('id').where('ownerId', '=', ownerId),
      ),
  ),
  ofApp: preparedQuery(1, (db, applicationId: string) =>
    db.selectFrom('apiKeys').select(KEY_COLUMNS).where('applicationId', '=', applicationId),
  ),
};

export async function insertKey(trx: Transaction<Database>, row: ApiKeysTable): Promise<void> {
  await trx.insertInto('apiKeys').values(row).execute();
}

/** The current key of the application starts its grace period: it stops at `expiresAt`. */
export async function expireCurrentKey(
  trx: Transaction<Database>,
  applicationId: string,
  expiresAt: number,
): Promise<void> {
  await trx
    .updateTable('apiKeys')
    .set({ expiresAt })
    .where('applicationId', '=', applicationId)
    .where('expiresAt', 'is', null)
    .execute();
}

/** Deletes the keys whose grace period ended at or before `now`; returns how many. */
export async function deleteExpiredKeys(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('apiKeys').where('expiresAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The keyed hash and grace end of the keys of `applicationIds`, or of every key when it is
 * absent (the gateway check's state, docs/decisions/053-gateway-state-in-memory.md).
 */
export function keyHashesOf(db: Kysely<Database>, applicationIds?: readonly string[]) {
  return db
    .selectFrom('apiKeys')
    .select(['applicationId', 'lookupHash', 'expiresAt'])
    .$if(applicationIds !== undefined, (q) => q.where('applicationId', 'in', applicationIds ?? []))
    .execute();
}

/** Who owns the key with this lookup hash (the admin CLI's `keys find`). */
export function findKeyOwner(db: Kysely<Database>, lookupHash: string) {
  return db
    .selectFrom('apiKeys')
    .innerJoin('applications', 'applications.id', 'apiKeys.applicationId')
    .innerJoin('developers', 'developers.id', 'applications.ownerId')
    .select([
      'apiKeys.applicationId',
      'apiKeys.expiresAt',
      'applications.name as applicationName',
      'developers.id as developerId',
      'developers.email',
      'developers.name as developerName',
    ])
    .where('apiKeys.lookupHash', '=', lookupHash)
    .executeTakeFirst();
}

/**
 * Takes up to `limit` plain keys left by migration 0009, deleting them in the caller's
 * transaction: of instances starting together, each key goes to exactly one (PostgreSQL's
 * row locks make the later DELETE find the row gone), so none is sealed twice.
 */
export async function takePlainKeys(trx: Transaction<Database>, limit: number) {
  const taken = await trx
    .deleteFrom('plainApiKeys')
    .where('applicationId', 'in', (eb) =>
      eb.selectFrom('plainApiKeys').select('applicationId').orderBy('applicationId').limit(limit),
    )
    .returning(['applicationId', 'apiKey'])
    .execute();
  if (taken.length === 0) return [];
  const created = await trx
    .selectFrom('applications')
    .select(['id', 'createdAt'])
    .where(
      'id',
      'in',
      taken.map((row) => row.applicationId),
    )
    .execute();
  const createdAt = new Map(created.map((row) => [row.id, row.createdAt]));
  return taken.map((row) => ({ ...row, createdAt: createdAt.get(row.applicationId) ?? 0 }));
}

/** Keys sealed before migration 0015 gave keys a shown prefix. */
export function keysWithoutPrefix(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('apiKeys')
    .select(['id', 'applicationId', 'sealedKey'])
    .where('keyPrefix', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function setKeyPrefix(db: Kysely<Database>, id: string, keyPrefix: string) {
  await db.updateTable('apiKeys').set({ keyPrefix }).where('id', '=', id).execute();
}
