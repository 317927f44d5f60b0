import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { keyHashesOf } from '../keys/keys.repository.js';

/**
 * What the check needs of applications, their IPs, keys and Connect access tokens (those
 * ending after `tokensEndAfter`, revoked ones included); `ids` absent: every one.
 */
export async function loadGatewayRows(
  db: Kysely<Database>,
  tokensEndAfter: number,
  ids?: readonly string[],
) {
  if (ids?.length === 0) return { apps: [], ips: [], keys: [], tokens: [] };
  const apps = await db
    .selectFrom('applications')
    .innerJoin('developers', 'developers.id', 'applications.ownerId')
    .select([
      'applications.id',
      'applications.ownerId',
      'applications.algoId',
      'applications.isActive',
      'applications.operatorHoldReason',
      'applications.blockedReason',
      'developers.clientCode',
      'developers.blockedReason as developerBlockedReason',
    ])
    .$if(ids !== undefined, (q) => q.where('applications.id', 'in', ids ?? []))
    .execute();
  const ips = await db
    .selectFrom('ipRecords')
    .select(['applicationId', 'ip', 'familyPending', 'adminAccept', 'rejectionReason'])
    .$if(ids !== undefined, (q) => q.where('applicationId', 'in', ids ?? []))
    .execute();
  const keys = await keyHashesOf(db, ids);
  const tokens = await db
    .selectFrom('connectTokens')
    .select(['tokenHash', 'applicationId', 'clientCode', 'expiresAt', 'revokedAt'])
    .where('expiresAt', '>', tokensEndAfter)
    .$if(ids !== undefined, (q) => q.where('applicationId', 'in', ids ?? []))
    .execute();
  return { apps, ips, keys, tokens };
}

export type GatewayRows = Awaited<ReturnType<typeof loadGatewayRows>>;

/** The applications of these developers (a client code change reaches each of them). */
export async function applicationsOf(db: Kysely<Database>, developerIds: readonly string[]) {
  if (developerIds.length === 0) return [];
  const rows = await db
    .selectFrom('applications')
    .select('id')
    .where('ownerId', 'in', developerIds)
    .execute();
  return rows.map((row) => row.id);
}

export async function latestGatewayChange(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('gatewayChanges')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return row?.seq ?? 0;
}

export function gatewayChangesAfter(db: Kysely<Database>, seq: number, limit: number) {
  return db
    .selectFrom('gatewayChanges')
    .select(['seq', 'applicationId', 'developerId'])
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** The smallest sequence number the log still holds (0 when it is empty). */
export async function oldestGatewayChange(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('gatewayChanges')
    .select((eb) => eb.fn.min('seq').as('seq'))
    .executeTakeFirst();
  return row?.seq ?? 0;
}

/**
 * Deletes all but the newest `kept` rows of the log; an instance (or a gateway's cursor)
 * older than those reads everything again.
 */
export async function purgeGatewayChanges(db: Kysely<Database>, kept: number): Promise<number> {
  const horizon = (await latestGatewayChange(db)) - kept;
  if (horizon <= 0) return 0;
  const result = await db
    .deleteFrom('gatewayChanges')
    .where('seq', '<=', horizon)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
