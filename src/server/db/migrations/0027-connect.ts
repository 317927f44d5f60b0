import type { Kysely } from 'kysely';

// Connect's authorization server (docs/connect.md, docs/decisions/061-connect-authorization-server.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  // A browser's authorization between /oauth/authorize and the code: its id is the hand-off's
  // state and the browser's cookie.
  await db.schema
    .createTable('connect_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('code_challenge', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('client_code', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('connect_codes')
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('client_code', 'text', (col) => col.notNull())
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('code_challenge', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('connect_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('client_code', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('connect_tokens_code_idx')
    .on('connect_tokens')
    .column('code_hash')
    .execute();
  await db.schema
    .createIndex('connect_tokens_app_idx')
    .on('connect_tokens')
    .columns(['application_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('connect_consents')
    .addColumn('application_id', 'text', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('client_code', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('connect_consents_pk', ['application_id', 'client_code'])
    .execute();
}
