import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface UsageCountRow {
  readonly applicationId: string;
  readonly minute: number;
  readonly outcome: 'allowed' | 'refused';
  /** Empty for an allowed call. */
  readonly reason: string;
  readonly count: number;
}

export interface RefusedAddressRow {
  readonly applicationId: string;
  readonly ip: string;
  readonly reason: string;
  readonly at: number;
}

/** Rows per statement: well under SQLite's and PostgreSQL's bound parameters. */
const ROWS_PER_STATEMENT = 1000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  }
  return out;
}

/**
 * Adds the counts to the rows already there (another instance may have counted the same
 * minute). Rows of an application deleted since are dropped rather than failing the flush.
 */
async function addUsageCounts(db: Kysely<Database>, rows: readonly UsageCountRow[]) {
  for (const part of chunks(rows)) {
    const values = sql.join(
      part.map(
        (r) =>
          sql`(${r.applicationId}, cast(${r.minute} as bigint), ${r.outcome}, ${r.reason}, cast(${r.count} as bigint))`,
      ),
    );
    await sql`insert into gateway_usage (application_id, minute, outcome, reason, count)
      select v.column1, v.column2, v.column3, v.column4, v.column5 from (values ${values}) as v
      where exists (select 1 from applications a where a.id = v.column1)
      on conflict (application_id, minute, outcome, reason)
      do update set count = gateway_usage.count + excluded.count`.execute(db);
  }
}

/** Each address's latest refusal replaces an older one; a later one already stored stays. */
async function saveRefusedAddresses(db: Kysely<Database>, rows: readonly RefusedAddressRow[]) {
  for (const part of chunks(rows)) {
    const values = sql.join(
      part.map((r) => sql`(${r.applicationId}, ${r.ip}, ${r.reason}, cast(${r.at} as bigint))`),
    );
    await sql`insert into gateway_refused_addresses (application_id, ip, reason, at)
      select v.column1, v.column2, v.column3, v.column4 from (values ${values}) as v
      where exists (select 1 from applications a where a.id = v.column1)
      on conflict (application_id, ip)
      do update set reason = excluded.reason, at = excluded.at
      where gateway_refused_addresses.at < excluded.at`.execute(db);
  }
}

/** One flush of an instance's counts: the counts in one statement, the addresses in another. */
export async function saveUsage(
  db: Kysely<Database>,
  counts: readonly UsageCountRow[],
  addresses: readonly RefusedAddressRow[],
) {
  await addUsageCounts(db, counts);
  await saveRefusedAddresses(db, addresses);
}

export interface UsageSumRow {
  readonly bucket: number;
  readonly outcome: string;
  readonly reason: string;
  readonly count: number;
}

/** The counts since `start`, summed per bucket of `bucketMs` (0 the first), outcome and reason. */
export async function sumUsage(
  db: Kysely<Database>,
  applicationId: string,
  start: number,
  bucketMs: number,
): Promise<UsageSumRow[]> {
  const { rows } = await sql<UsageSumRow>`select
      cast((minute - cast(${start} as bigint)) / cast(${bucketMs} as bigint) as bigint) as bucket,
      outcome, reason, cast(sum(count) as bigint) as count
    from gateway_usage
    where application_id = ${applicationId} and minute >= cast(${start} as bigint)
    group by 1, outcome, reason`.execute(db);
  return rows;
}

export function recentRefusedAddresses(
  db: Kysely<Database>,
  applicationId: string,
  limit: number,
): Promise<RefusedAddressRow[]> {
  return db
    .selectFrom('gatewayRefusedAddresses')
    .select(['applicationId', 'ip', 'reason', 'at'])
    .where('applicationId', '=', applicationId)
    .orderBy('at', 'desc')
    .orderBy('ip')
    .limit(limit)
    .execute();
}

/**
 * The retention purge: counts of minutes before `before`, refused addresses last seen
 * before it, and of each application all but its `kept` most recent addresses.
 */
export async function purgeUsage(db: Kysely<Database>, before: number, kept: number) {
  const counts = await db
    .deleteFrom('gatewayUsage')
    .where('minute', '<', before)
    .executeTakeFirst();
  const old = await db
    .deleteFrom('gatewayRefusedAddresses')
    .where('at', '<', before)
    .executeTakeFirst();
  const surplus = await sql`delete from gateway_refused_addresses
    where (application_id, ip) in (select application_id, ip from (select application_id, ip,
      row_number() over (partition by application_id order by at desc, ip) as n
      from gateway_refused_addresses) as ranked where ranked.n > ${kept})`.execute(db);
  return (
    Number(counts.numDeletedRows) +
    Number(old.numDeletedRows) +
    Number(surplus.numAffectedRows ?? 0)
  );
}
