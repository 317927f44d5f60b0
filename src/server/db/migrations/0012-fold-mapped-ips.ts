import { sql, type Kysely } from 'kysely';
import { canonicalIp } from '../../../contract/rules.js';

interface Row {
  readonly application_id: string;
  readonly ip: string;
}

// IPv4-mapped IPv6 addresses (`0:0:0:0:0:ffff:102:304`) were stored as written before the
// duplicate checks folded them to IPv4; rewrite them, so the one-IP-per-developer rule sees
// them. Where the application also has the IPv4 spelling the mapped row goes (its document,
// if any, is then an orphan the blob sweeper removes). Safe to run again.
export async function up<T>(db: Kysely<T>): Promise<void> {
  const { rows } = await sql<Row>`
    select application_id, ip from ip_records where lower(ip) like '0:0:0:0:0:ffff:%'
  `.execute(db);
  for (const row of rows) {
    const folded = canonicalIp(row.ip);
    if (folded === null || folded === row.ip) continue;
    const { rows: taken } = await sql<Row>`
      select application_id, ip from ip_records
      where application_id = ${row.application_id} and ip = ${folded}
    `.execute(db);
    await (
      taken.length > 0
        ? sql`delete from ip_records where application_id = ${row.application_id} and ip = ${row.ip}`
        : sql`update ip_records set ip = ${folded}
            where application_id = ${row.application_id} and ip = ${row.ip}`
    ).execute(db);
  }
}
