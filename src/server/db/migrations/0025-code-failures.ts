import type { Kysely } from 'kysely';

// Wrong codes per developer and purpose across resends, for a day from the first
// (docs/decisions/057-wrong-codes-across-resends.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('code_failures')
    .addColumn('developer_id', 'text', (col) =>
      col.notNull().references('developers.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('code_failures_pkey', ['developer_id', 'purpose'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('code_failures').execute();
}
