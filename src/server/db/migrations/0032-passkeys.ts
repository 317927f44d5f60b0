import type { Kysely } from 'kysely';

// Developers' passkeys, a second factor beside the authenticator app
// (docs/decisions/067-developer-passkeys.md), and the single-use WebAuthn challenges.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('developer_passkeys')
    // The credential id (base64url) the authenticator gave: unique across every account.
    .addColumn('credential_id', 'text', (col) => col.primaryKey())
    .addColumn('developer_id', 'text', (col) =>
      col.notNull().references('developers.id').onDelete('cascade'),
    )
    // The COSE public key, base64url; a public key needs no sealing.
    .addColumn('public_key', 'text', (col) => col.notNull())
    // The signature counter last seen: an assertion must raise it (a cloned key does not).
    .addColumn('counter', 'bigint', (col) => col.notNull())
    // JSON array of the authenticator's transports, handed back to the browser.
    .addColumn('transports', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('developer_passkeys_developer')
    .on('developer_passkeys')
    .column('developer_id')
    .execute();
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge', 'text', (col) => col.primaryKey())
    // 'register', 'second_factor', 'confirm' (a developer's) or 'sign_in' (nobody's yet).
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('developer_id', 'text', (col) => col.references('developers.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('developer_passkeys').execute();
}
