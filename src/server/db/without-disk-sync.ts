import { CompiledQuery, SqliteAdapter, sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

const NORMAL = CompiledQuery.raw('pragma synchronous = normal');

/**
 * Each handle's own setting, read at its first use. Only this function changes it, and
 * always back, so it need not be read again on every call: the group commit runs this
 * twice an event in the postback drain (docs/decisions/038-drain-cpu.md).
 */
const settings = new WeakMap<Kysely<Database>, CompiledQuery>();

async function restoreQueryOf(db: Kysely<Database>, connection: Kysely<Database>) {
  const known = settings.get(db);
  if (known !== undefined) return known;
  const [row] = (await sql<{ synchronous: number }>`pragma synchronous`.execute(connection)).rows;
  const restore = CompiledQuery.raw(`pragma synchronous = ${String(row?.synchronous ?? 2)}`);
  settings.set(db, restore);
  return restore;
}

/**
 * Runs `work` on one connection whose commits do not wait for the disk, for writes whose
 * loss to a power cut costs nothing (counters of tries and hits). SQLite syncs at every
 * commit (synchronous=FULL, database.ts), holding the event loop a few milliseconds each;
 * NORMAL still keeps a WAL file consistent and a crashed process loses nothing. PostgreSQL
 * commits do not hold the event loop, so there `work` runs as it is.
 */
export function withoutDiskSync<T>(
  db: Kysely<Database>,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return work(db);
  return db.connection().execute(async (connection) => {
    const restore = await restoreQueryOf(db, connection);
    await connection.executeQuery(NORMAL);
    try {
      return await work(connection);
    } finally {
      await connection.executeQuery(restore);
    }
  });
}
