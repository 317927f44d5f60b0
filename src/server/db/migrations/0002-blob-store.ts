import { PostgresAdapter, type Kysely } from 'kysely';

// Icon and proof bytes in the database (docs/decisions/012-blob-store.md): bytea on
// PostgreSQL, blob on SQLite; `created_at` lets the sweeper leave fresh blobs alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('blobs')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('bytes', isPostgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('blobs_pkey', ['kind', 'key'])
    .execute();
  await db.schema
    .createIndex('blobs_kind_created_idx')
    .on('blobs')
    .columns(['kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('applications_logo_key_idx')
    .on('applications')
    .column('logo_key')
    .execute();
  await db.schema
    .createIndex('ip_records_document_key_idx')
    .on('ip_records')
    .column('document_key')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ip_records_document_key_idx').execute();
  await db.schema.dropIndex('applications_logo_key_idx').execute();
  await db.schema.dropTable('blobs').execute();
}
