import type { Kysely } from 'kysely';

// Per-IP request counters shared by every instance (docs/decisions/014): one row per
// route and client key, reset in place when its window has passed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
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
