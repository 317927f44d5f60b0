import type { Kysely } from 'kysely';

// Developers' second factor, first slice: an authenticator app (TOTP) and ten recovery codes
// (docs/decisions/063-developer-two-factor.md). `developers.second_factor_at` says whether any
// factor is enrolled, read by every bearer call under DEVELOPER_2FA=required.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('developers').addColumn('second_factor_at', 'bigint').execute();
  await db.schema
    .createTable('developer_totp')
    .addColumn('developer_id', 'text', (col) =>
      col.primaryKey().references('developers.id').onDelete('cascade'),
    )
    // Sealed like the operators' secrets; a row without `confirmed_at` is an enrollment begun.
    .addColumn('sealed_secret', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'bigint')
    // The TOTP time step of the last accepted code: a code is good once.
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('developer_id', 'text', (col) =>
      col.notNull().references('developers.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('recovery_codes_pkey', ['developer_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('developer_totp').execute();
  await db.schema.alterTable('developers').dropColumn('second_factor_at').execute();
}
