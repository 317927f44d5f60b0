import { SqliteAdapter, sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

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
    const [setting] = (await sql<{ synchronous: number }>`pragma synchronous`.execute(connection))
      .rows;
    await sql`pragma synchronous = normal`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`pragma synchronous = ${sql.raw(String(setting?.synchronous ?? 2))}`.execute(
        connection,
      );
    }
  });
}
