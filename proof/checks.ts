import { sql } from 'kysely';
import type { Db } from '../src/server/db/database.js';
import type { Ledger } from './ledger.js';

/** Keys of stored blobs; the harness reads them the way the configured store keeps them. */
export type BlobKeys = () => Promise<Set<string>>;

/** The database is sound: SQLite's own checks, and on both engines no dangling reference. */
async function integrityFindings(db: Db): Promise<string[]> {
  const findings: string[] = [];
  if (db.engine === 'sqlite') {
    const { rows } = await sql<Record<string, unknown>>`pragma integrity_check`.execute(db.kysely);
    const verdict = rows[0] === undefined ? undefined : Object.values(rows[0])[0];
    if (verdict !== 'ok') findings.push(`integrity_check: ${JSON.stringify(rows)}`);
    const { rows: fk } = await sql`pragma foreign_key_check`.execute(db.kysely);
    if (fk.length > 0) findings.push(`foreign_key_check: ${fk.length} rows`);
  }
  const dangling = await db.kysely
    .selectFrom('ipRecords')
    .leftJoin('applications', 'applications.id', 'ipRecords.applicationId')
    .select('ipRecords.ip')
    .where('applications.id', 'is', null)
    .execute();
  if (dangling.length > 0) findings.push(`${dangling.length} IP records without an application`);
  return findings;
}

/** Every write answered 2xx is there; every delete answered 2xx is gone. */
async function acknowledgedFindings(db: Db, ledger: Ledger): Promise<string[]> {
  const findings: string[] = [];
  const emails = [...ledger.signedUp].map((email) => email.toLowerCase());
  const found = new Set<string>();
  for (let start = 0; start < emails.length; start += 500) {
    const rows = await db.kysely
      .selectFrom('developers')
      .select('emailNormalized')
      .where('emailNormalized', 'in', emails.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(row.emailNormalized);
  }
  for (const email of emails) if (!found.has(email)) findings.push(`lost sign-up ${email}`);

  const rows = await db.kysely.selectFrom('applications').select('id').execute();
  const present = new Set(rows.map((row) => row.id));
  const ips = await db.kysely.selectFrom('ipRecords').select(['applicationId', 'ip']).execute();
  const ipsOf = new Map<string, string[]>();
  for (const row of ips)
    ipsOf.set(row.applicationId, [...(ipsOf.get(row.applicationId) ?? []), row.ip]);
  for (const [id, app] of ledger.apps) {
    if (app.isUncertain) continue;
    if (app.isDeleted && present.has(id)) findings.push(`deleted app ${id} is back`);
    if (app.isDeleted) continue;
    if (!present.has(id)) {
      findings.push(`lost app ${id}`);
      continue;
    }
    const stored = (ipsOf.get(id) ?? []).sort().join(',');
    if (stored !== app.ips.join(','))
      findings.push(`app ${id} has IPs ${stored}, acknowledged ${app.ips.join(',')}`);
  }
  return findings;
}

/** Every referenced blob exists; with `orphansToo`, every stored blob is referenced. */
async function blobFindings(db: Db, blobKeys: BlobKeys, orphansToo: boolean): Promise<string[]> {
  const findings: string[] = [];
  const logos = await db.kysely
    .selectFrom('applications')
    .select('logoKey')
    .where('logoKey', 'is not', null)
    .execute();
  const documents = await db.kysely
    .selectFrom('ipRecords')
    .select('documentKey')
    .where('documentKey', 'is not', null)
    .execute();
  const referenced = new Set([
    ...logos.map((r) => r.logoKey),
    ...documents.map((r) => r.documentKey),
  ]);
  const stored = await blobKeys();
  for (const key of referenced)
    if (key !== null && !stored.has(key)) findings.push(`row refers to missing blob ${key}`);
  if (orphansToo)
    for (const key of stored) if (!referenced.has(key)) findings.push(`orphan blob ${key}`);
  return findings;
}

/** Every acknowledged sign-up got its mail (at least once). */
async function mailFindings(db: Db, ledger: Ledger): Promise<string[]> {
  const rows = await db.kysely.selectFrom('mailboxMessages').select('toAddress').execute();
  const mailed = new Set(rows.map((row) => row.toAddress.toLowerCase()));
  return [...ledger.signedUp]
    .filter((email) => !mailed.has(email.toLowerCase()))
    .map((email) => `no mail to ${email}`);
}

export interface CheckOptions {
  readonly blobKeys: BlobKeys;
  /** After the sweeper has run: no stored blob may be unreferenced. */
  readonly orphansToo: boolean;
  /** After the queue has drained: every acknowledged sign-up has its mail. */
  readonly mailToo: boolean;
}

export async function checkInvariants(
  db: Db,
  ledger: Ledger,
  options: CheckOptions,
): Promise<string[]> {
  return [
    ...(await integrityFindings(db)),
    ...(await acknowledgedFindings(db, ledger)),
    ...(await blobFindings(db, options.blobKeys, options.orphansToo)),
    ...(options.mailToo ? await mailFindings(db, ledger) : []),
  ];
}
