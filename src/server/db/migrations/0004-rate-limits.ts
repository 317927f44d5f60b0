import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Per-IP request counters shared by every instance (docs/decisions/014): one row per
// route and client key, reset in place when its window has passed. On PostgreSQL the table
// is UNLOGGED: no WAL flush on each limited call, and a crash only empties the counters.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('rate_limits')
    .$call((table) => (isPostgres ? table.modifyFront(sql`unlogged`) : table))
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('resets_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_resets_at_idx')
    .on('rate_limits')
    .column('resets_at')
    .execute();
}
