import { sql, type Kysely } from 'kysely';

// The same file runs on SQLite and PostgreSQL: only portable types (text, integer,
// bigint) and plain indexes. Kysely's builder works on snake_case names here because
// migrations run without the CamelCasePlugin.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('developers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_normalized', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('verified_at', 'bigint')
    .addColumn('client_code', 'text')
    .addColumn('failed_sign_ins', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('tokens_valid_after', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('developers_email_normalized_key')
    .unique()
    .on('developers')
    .column('email_normalized')
    .execute();
  await db.schema
    .createIndex('developers_client_code_key')
    .unique()
    .on('developers')
    .column('client_code')
    .execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('developer_id', 'text', (col) =>
      col.notNull().references('developers.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('consumed_at', 'bigint')
    .addColumn('superseded_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addCheckConstraint('one_time_codes_purpose_check', sql`purpose in ('verify', 'reset')`)
    .execute();
  await db.schema
    .createIndex('one_time_codes_developer_purpose_idx')
    .on('one_time_codes')
    .columns(['developer_id', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('developer_id', 'text', (col) =>
      col.notNull().references('developers.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('family_id', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('replaced_by', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('refresh_tokens_token_hash_key')
    .unique()
    .on('refresh_tokens')
    .column('token_hash')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_family_idx')
    .on('refresh_tokens')
    .column('family_id')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_developer_idx')
    .on('refresh_tokens')
    .column('developer_id')
    .execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) =>
      col.notNull().references('developers.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('algo_id', 'text')
    .addColumn('logo_url', 'text', (col) => col.notNull())
    .addColumn('logo_key', 'text')
    .addColumn('callback_url', 'text', (col) => col.notNull())
    .addColumn('postback_url', 'text')
    .addColumn('allowed_users', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('api_key', 'text', (col) => col.notNull())
    .addColumn('renewal_at', 'bigint', (col) => col.notNull())
    .addColumn('ips_changed_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addCheckConstraint('applications_is_active_check', sql`is_active in (0, 1)`)
    .execute();
  await db.schema
    .createIndex('applications_owner_idx')
    .on('applications')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('applications_api_key_key')
    .unique()
    .on('applications')
    .column('api_key')
    .execute();

  await db.schema
    .createTable('ip_records')
    .addColumn('application_id', 'text', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('family_pending', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('admin_accept', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('document_key', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('ip_records_pkey', ['application_id', 'ip'])
    .execute();
  await db.schema.createIndex('ip_records_ip_idx').on('ip_records').column('ip').execute();

  await db.schema
    .createTable('mailbox_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('mailbox_messages_to_created_idx')
    .on('mailbox_messages')
    .columns(['to_address', 'created_at'])
    .execute();
  await db.schema
    .createIndex('mailbox_messages_created_idx')
    .on('mailbox_messages')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('flow_token_uses')
    .addColumn('jti', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'flow_token_uses',
    'mailbox_messages',
    'ip_records',
    'applications',
    'refresh_tokens',
    'one_time_codes',
    'developers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
