import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The operator console (docs/decisions/036-operator-console.md): operators, apart
// from developers, each with a role, a password and a TOTP secret (sealed); their sessions,
// by the hash of the cookie's token; and the append-only audit of what they did. API keys
// get the prefix a developer reads out (the masked part) so support can find them.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('operators')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('sealed_totp_secret', 'text')
    .addColumn('enrollment_token_hash', 'text', (col) => col.unique())
    .addColumn('enrollment_expires_at', 'bigint')
    .addColumn('enrolled_at', 'bigint')
    .addColumn('disabled_at', 'bigint')
    .addColumn('failed_sign_ins', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('last_failed_sign_in_at', 'bigint')
    // The TOTP time step of the last accepted code: a code is good once.
    .addColumn('last_totp_step', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('operator_sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('operator_id', 'text', (col) =>
      col.notNull().references('operators.id').onDelete('cascade'),
    )
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('operator_sessions_operator_idx')
    .on('operator_sessions')
    .column('operator_id')
    .execute();
  await db.schema
    .createTable('operator_audit')
    // Insertion order, the audit's newest-first order and its keyset.
    .addColumn('seq', 'integer', (col) =>
      isPostgres
        ? col.primaryKey().generatedByDefaultAsIdentity()
        : col.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'bigint', (col) => col.notNull())
    // Kept as text, not a reference: the trail outlives the operator's row.
    .addColumn('operator_id', 'text', (col) => col.notNull())
    .addColumn('operator_email', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('developer_id', 'text')
    .addColumn('application_id', 'text')
    // What it was done to, as the screen names it (an e-mail, an application's name).
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    // Plain values only (an IP, a role), JSON; never a secret.
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .execute();
  await appendOnly(db, isPostgres);
  await db.schema.createIndex('operator_audit_at_idx').on('operator_audit').column('at').execute();
  await db.schema
    .createIndex('operator_audit_developer_idx')
    .on('operator_audit')
    .column('developer_id')
    .execute();
  await db.schema.alterTable('api_keys').addColumn('key_prefix', 'text').execute();
  await db.schema.createIndex('api_keys_prefix_idx').on('api_keys').column('key_prefix').execute();
}

/** The audit refuses changes and deletes in the database itself, whatever the code does. */
async function appendOnly(db: Kysely<unknown>, isPostgres: boolean): Promise<void> {
  const message = 'operator_audit is append-only';
  if (isPostgres) {
    await sql
      .raw(
        `create function operator_audit_append_only() returns trigger language plpgsql as $$
        begin raise exception '${message}'; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        'create trigger operator_audit_append_only before update or delete on operator_audit ' +
          'for each row execute function operator_audit_append_only()',
      )
      .execute(db);
    return;
  }
  for (const event of ['update', 'delete']) {
    await sql
      .raw(
        `create trigger operator_audit_no_${event} before ${event} on operator_audit ` +
          `begin select raise(abort, '${message}'); end`,
      )
      .execute(db);
  }
}
