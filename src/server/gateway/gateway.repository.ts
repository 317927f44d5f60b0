import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** What the check needs of applications, their IPs and keys; `ids` absent: every one. */
export async function loadGatewayRows(db: Kysely<Database>, ids?: readonly string[]) {
  if (ids?.length === 0) return { apps: [], ips: [], keys: [] };
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
  const keys = await db
    .selectFrom('apiKeys')
    .select(['applicationId', 'lookupHash', 'expiresAt'])
    .$if(ids !== undefined, (q) => q.where('applicationId', 'in', ids ?? []))
    .execute();
  return { apps, ips, keys };
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
