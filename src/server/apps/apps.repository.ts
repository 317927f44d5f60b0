import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Transaction,
} from 'kysely';
import type { Engine } from '../db/database.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { ApplicationsTable, Database, IpRecordsTable } from '../db/schema.js';

export type AppRow = Omit<ApplicationsTable, 'ownerId'> & {
  /** The kill switch on every application of the owner (docs/decisions/054-kill-switch.md). */
  readonly developerBlockedReason: string | null;
  readonly developerBlockedAt: number | null;
};
export type IpRow = IpRecordsTable;

const APP_COLUMNS = [
  'id',
  'name',
  'algoId',
  'logoUrl',
  'logoKey',
  'logoName',
  'callbackUrl',
  'postbackUrl',
  'allowedUsers',
  'description',
  'isActive',
  'renewalAt',
  'ipsChangedAt',
  'createdAt',
  'updatedAt',
  'operatorHoldReason',
  'operatorHoldAt',
  'blockedReason',
  'blockedAt',
] as const;

/** The owner's block, read with each application. */
function ownerBlock(eb: ExpressionBuilder<Database, 'applications'>) {
  const owner = eb.selectFrom('developers').whereRef('developers.id', '=', 'applications.ownerId');
  return [
    owner.select('developers.blockedReason').as('developerBlockedReason'),
    owner.select('developers.blockedAt').as('developerBlockedAt'),
  ];
}

const IP_COLUMNS = [
  'applicationId',
  'ip',
  'familyPending',
  'adminAccept',
  'documentKey',
  'rejectionReason',
  'createdAt',
  'documentSentAt',
] as const;

/**
 * The hot reads, each one statement prepared once (GET /api/v1/apps and /app/{id}:
 * docs/decisions/018-bench-method.md); src/server/db/query-plans.api.test.ts reads their plans.
 * Apps and IPs are two narrow statements: one joined statement repeats every app column on
 * each IP row, and reading those values cost twice the two statements (bench/budgets.bench.ts).
 */
export const appQueries = {
  listOf: preparedQuery(1, (db, ownerId: string) =>
    db
      .selectFrom('applications')
      .select(APP_COLUMNS)
      .select(ownerBlock)
      .where('ownerId', '=', ownerId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc'),
  ),
  ipsOfOwner: preparedQuery(1, (db, ownerId: string) =>
    db
      .selectFrom('ipRecords')
      .select(IP_COLUMNS)
      .where('applicationId', 'in', (owned) =>
        owned.selectFrom('applications').select('id').where('ownerId', '=', ownerId),
      ),
  ),
  appOf: preparedQuery(2, (db, ownerId: string, id: string) =>
    db
      .selectFrom('applications')
      .select(APP_COLUMNS)
      .select(ownerBlock)
      .where('ownerId', '=', ownerId)
      .where('id', '=', id),
  ),
  ipsOfApp: preparedQuery(1, (db, applicationId: string) =>
    db.selectFrom('ipRecords').select(IP_COLUMNS).where('applicationId', '=', applicationId),
  ),
};

export interface AppsWithIps {
  readonly apps: AppRow[];
  readonly ips: IpRow[];
}

/** A developer's applications, newest first, and all their IP records. */
export async function listAppsWithIpsOf(
  db: Kysely<Database>,
  ownerId: string,
): Promise<AppsWithIps> {
  const [apps, ips] = await Promise.all([
    appQueries.listOf(db, ownerId),
    appQueries.ipsOfOwner(db, ownerId),
  ]);
  return { apps, ips };
}

/** One application of the developer with its IP records, undefined when not theirs. */
export async function findAppWithIpsOf(
  db: Kysely<Database>,
  ownerId: string,
  id: string,
): Promise<{ app: AppRow; ips: IpRow[] } | undefined> {
  const [[app], ips] = await Promise.all([
    appQueries.appOf(db, ownerId, id),
    appQueries.ipsOfApp(db, id),
  ]);
  return app === undefined ? undefined : { app, ips };
}

export async function findAppOf(
  db: Kysely<Database>,
  ownerId: string,
  id: string,
): Promise<AppRow | undefined> {
  const [row] = await appQueries.appOf(db, ownerId, id);
  return row;
}

/** The app, locked until the transaction ends on PostgreSQL (SQLite runs one at a time). */
export function lockAppOf(
  trx: Transaction<Database>,
  engine: Engine,
  ownerId: string,
  id: string,
): Promise<AppRow | undefined> {
  const query = trx
    .selectFrom('applications')
    .select(APP_COLUMNS)
    .select(ownerBlock)
    .where('ownerId', '=', ownerId)
    .where('id', '=', id);
  return (engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Serializes a developer's deletes on PostgreSQL, so "not the only app" stays true. */
export async function lockDeveloper(
  trx: Transaction<Database>,
  engine: Engine,
  developerId: string,
): Promise<void> {
  if (engine !== 'postgres') return;
  await trx
    .selectFrom('developers')
    .select('id')
    .where('id', '=', developerId)
    .forUpdate()
    .execute();
}

/**
 * One advisory lock per IP, taken in sorted order so two requests never wait on each
 * other in a cycle; held until the transaction ends. SQLite's single connection already
 * runs transactions one at a time.
 */
export async function lockIps(
  trx: Transaction<Database>,
  engine: Engine,
  ips: readonly string[],
): Promise<void> {
  if (engine !== 'postgres') return;
  for (const ip of [...ips].sort()) {
    await sql`select pg_advisory_xact_lock(hashtext(${ip}))`.execute(trx);
  }
}

/** The IP records of these applications (query-plans.api.test.ts reads its plan). */
export function ipRecordsQuery(db: Kysely<Database>, applicationIds: readonly string[]) {
  return db
    .selectFrom('ipRecords')
    .select(IP_COLUMNS)
    .where('applicationId', 'in', applicationIds)
    .orderBy('ip');
}

export function ipRecordsOf(db: Kysely<Database>, applicationIds: readonly string[]) {
  if (applicationIds.length === 0) return Promise.resolve([] as IpRow[]);
  return ipRecordsQuery(db, applicationIds).execute();
}

/**
 * The duplicate-IP check of every create and IP change (query-plans.api.test.ts). The
 * developer's own application ids are read once, through the owner index, and each record
 * of these IPs is tested against them in memory: a join looked up every record's
 * application, one index probe per record, the developer's own included.
 */
export function otherDevelopersIpsQuery(
  db: Kysely<Database>,
  ownerId: string,
  ips: readonly string[],
) {
  return db
    .selectFrom('ipRecords')
    .select('ip')
    .distinct()
    .where('ip', 'in', ips)
    .where('applicationId', 'not in', (owned) =>
      owned.selectFrom('applications').select('id').where('ownerId', '=', ownerId),
    );
}

/** Which of `ips` are on an application of another developer. */
export async function ipsOfOtherDevelopers(
  trx: Transaction<Database>,
  ownerId: string,
  ips: readonly string[],
): Promise<string[]> {
  if (ips.length === 0) return [];
  const rows = await otherDevelopersIpsQuery(trx, ownerId, ips).execute();
  return rows.map((row) => row.ip).sort();
}

export async function insertApp(
  trx: Transaction<Database>,
  row: Insertable<ApplicationsTable>,
): Promise<void> {
  await trx.insertInto('applications').values(row).execute();
}

export async function updateApp(
  trx: Transaction<Database>,
  id: string,
  changes: Partial<Omit<ApplicationsTable, 'id' | 'ownerId' | 'createdAt'>>,
): Promise<void> {
  await trx.updateTable('applications').set(changes).where('id', '=', id).execute();
}

export async function insertIpRecords(
  trx: Transaction<Database>,
  rows: readonly IpRecordsTable[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('ipRecords')
    .values([...rows])
    .execute();
}

export async function deleteIpRecords(
  trx: Transaction<Database>,
  applicationId: string,
  ips: readonly string[],
): Promise<void> {
  if (ips.length === 0) return;
  await trx
    .deleteFrom('ipRecords')
    .where('applicationId', '=', applicationId)
    .where('ip', 'in', ips)
    .execute();
}

export async function setIpDocument(
  trx: Transaction<Database>,
  applicationId: string,
  ip: string,
  documentKey: string,
  now: number,
): Promise<void> {
  await trx
    .updateTable('ipRecords')
    .set({ documentKey, rejectionReason: null, documentSentAt: now })
    .where('applicationId', '=', applicationId)
    .where('ip', '=', ip)
    .execute();
}

/** The developer's applications counted up to `upTo`: the limits only ask "as many as". */
export async function countAppsOf(
  trx: Transaction<Database>,
  ownerId: string,
  upTo: number,
): Promise<number> {
  const row = await trx
    .selectFrom((eb) =>
      eb
        .selectFrom('applications')
        .select('id')
        .where('ownerId', '=', ownerId)
        .limit(upTo)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteApp(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.deleteFrom('applications').where('id', '=', id).execute();
}

/** True when some IP record refers to this document (links to removed ones stop working). */
export async function isDocumentReferenced(db: Kysely<Database>, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('ipRecords')
    .select('ip')
    .where('documentKey', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}
