import { sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from '../db/database.js';
import type { BlobKind, Database } from '../db/schema.js';
import type { BlobRef } from './blob-store.js';

/**
 * Icons are shared by content, so writing one and removing one must not interleave: one
 * advisory lock (the two-key space, apart from the per-IP locks) until the transaction
 * ends. One lock, not one per icon, so a transaction that swaps icons cannot wait in a
 * cycle. SQLite's single connection already runs transactions one at a time.
 */
export async function lockIcons(trx: Transaction<Database>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('blobs'), hashtext('logos'))`.execute(trx);
}

/** True when an application (icons) or an IP record (documents) names the blob. */
export async function isBlobReferenced(db: Kysely<Database>, ref: BlobRef): Promise<boolean> {
  const row =
    ref.kind === 'logos'
      ? await db
          .selectFrom('applications')
          .select('id')
          .where('logoKey', '=', ref.key)
          .executeTakeFirst()
      : await db
          .selectFrom('ipRecords')
          .select('ip')
          .where('documentKey', '=', ref.key)
          .executeTakeFirst();
  return row !== undefined;
}

/** Same key, same bytes (icons are named by their hash): a second write keeps the first. */
export async function insertBlob(
  trx: Transaction<Database>,
  ref: BlobRef,
  bytes: Uint8Array,
  createdAt: number,
): Promise<void> {
  await trx
    .insertInto('blobs')
    .values({ kind: ref.kind, key: ref.key, bytes: Buffer.from(bytes), createdAt })
    .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
    .execute();
}

export async function readBlob(db: Kysely<Database>, ref: BlobRef): Promise<Buffer | null> {
  const row = await db
    .selectFrom('blobs')
    .select('bytes')
    .where('kind', '=', ref.kind)
    .where('key', '=', ref.key)
    .executeTakeFirst();
  return row === undefined ? null : Buffer.from(row.bytes);
}

export async function deleteBlob(trx: Transaction<Database>, ref: BlobRef): Promise<void> {
  await trx.deleteFrom('blobs').where('kind', '=', ref.kind).where('key', '=', ref.key).execute();
}

export async function blobKeysBefore(
  db: Kysely<Database>,
  kind: BlobKind,
  before: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('blobs')
    .select('key')
    .where('kind', '=', kind)
    .where('createdAt', '<', before)
    .orderBy('key')
    .execute();
  return rows.map((row) => row.key);
}

/** Which of `keys` a row names; asked in slices so the parameter count stays small. */
export async function referencedKeys(
  db: Kysely<Database>,
  kind: BlobKind,
  keys: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < keys.length; start += 500) {
    const slice = keys.slice(start, start + 500);
    const rows =
      kind === 'logos'
        ? await db
            .selectFrom('applications')
            .select('logoKey as key')
            .where('logoKey', 'in', slice)
            .execute()
        : await db
            .selectFrom('ipRecords')
            .select('documentKey as key')
            .where('documentKey', 'in', slice)
            .execute();
    for (const row of rows) if (row.key !== null) found.add(row.key);
  }
  return found;
}
