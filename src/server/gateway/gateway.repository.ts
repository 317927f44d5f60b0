import { sql, type Kysely } from 'kysely';
import type { Engine } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { keyHashesOf } from '../keys/keys.repository.js';

/**
 * What the check needs of applications, their IPs, keys and, given `tokensEndAfter`, Connect
 * access tokens (those ending after it, revoked ones included); `ids` absent: every one.
 */
export async function loadGatewayRows(
  db: Kysely<Database>,
  { ids, tokensEndAfter }: { ids?: readonly string[]; tokensEndAfter?: number },
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
  const tokens =
    tokensEndAfter === undefined
      ? []
      : await db
          .selectFrom('connectTokens')
          .select(['tokenHash', 'applicationId', 'clientCode', 'expiresAt', 'revokedAt'])
          .where('expiresAt', '>', tokensEndAfter)
          .$if(ids !== undefined, (q) => q.where('applicationId', 'in', ids ?? []))
          .execute();
  return { apps, ips, keys, tokens };
}

export type GatewayRows = Awaited<ReturnType<typeof loadGatewayRows>>;

/** The applications of these developers (a client code change reaches each of them). */
async function applicationsOf(db: Kysely<Database>, developerIds: readonly string[]) {
  if (developerIds.length === 0) return [];
  const rows = await db
    .selectFrom('applications')
    .select('id')
    .where('ownerId', 'in', developerIds)
    .execute();
  return rows.map((row) => row.id);
}

/** The ids of the applications change rows name, a developer's row naming each of theirs. */
export async function applicationsNamedBy(
  db: Kysely<Database>,
  changes: readonly { applicationId: string | null; developerId: string | null }[],
): Promise<string[]> {
  const applicationIds = new Set<string>();
  const developerIds = new Set<string>();
  for (const change of changes) {
    if (change.applicationId !== null) applicationIds.add(change.applicationId);
    if (change.developerId !== null) developerIds.add(change.developerId);
  }
  for (const id of await applicationsOf(db, [...developerIds])) applicationIds.add(id);
  return [...applicationIds];
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

/** A page of application ids in id order, after `after` (a keyset page of the allowlist). */
export async function applicationIdsAfter(
  db: Kysely<Database>,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('applications')
    .select('id')
    .$if(after !== null, (q) => q.where('id', '>', after ?? ''))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Whether another transaction may still commit a row of the change log: on PostgreSQL one
 * that wrote it holds its table lock until it ends, and its sequence number is a gap until
 * then. SQLite writes one transaction at a time and a rolled-back one leaves no gap.
 */
export async function isChangeLogWriteOpen(db: Kysely<Database>, engine: Engine) {
  if (engine !== 'postgres') return false;
  const { rows } = await sql<{ open: boolean }>`
    select exists (
      select 1 from pg_locks
      where relation = 'gateway_changes'::regclass and mode = 'RowExclusiveLock'
        and pid <> pg_backend_pid()
    ) as open`.execute(db);
  return rows[0]?.open === true;
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
