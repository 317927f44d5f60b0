import type { Kysely } from 'kysely';

// Failed sign-ins decay after a quiet period, and besides the account's own count
// (on the developers row) each client address and each trusted device of an account has a
// count of its own (docs/decisions/010-account-security.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('developers').addColumn('last_failed_sign_in_at', 'bigint').execute();
  await db.schema
    .createTable('sign_in_throttles')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('developer_id', 'text', (col) =>
      col.notNull().references('developers.id').onDelete('cascade'),
    )
    .addColumn('failed_sign_ins', 'integer', (col) => col.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_failed_sign_in_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_throttles_developer_idx')
    .on('sign_in_throttles')
    .column('developer_id')
    .execute();
}
