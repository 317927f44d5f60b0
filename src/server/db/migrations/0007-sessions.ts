import type { Kysely } from 'kysely';

// One row per sign-in (a refresh-token family, `id` = its family id): what the account
// screen lists (docs/decisions/021-sessions.md). Whether it is live is read from its
// refresh tokens, so every way of revoking them ends the session too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('developer_id', 'text', (col) =>
      col.notNull().references('developers.id').onDelete('cascade'),
    )
    .addColumn('browser', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('place', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sessions_developer_idx')
    .on('sessions')
    .column('developer_id')
    .execute();
}
