import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Keys (docs/decisions/024-api-keys-at-rest.md): an application's API keys move
// to `api_keys`, sealed with AES-256-GCM and found by an HMAC of the key. A migration cannot
// read the key-encryption secret, so the plain keys wait in `plain_api_keys` and every
// server start seals what it finds there (src/server/keys/seal-plain-keys.ts) before it
// answers a request; the plain column leaves `applications` here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('lookup_hash', 'text', (col) => col.notNull().unique())
    .addColumn('sealed_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    // Null for the current key; an old key still in its grace period stops at this instant.
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('api_keys_application_idx')
    .on('api_keys')
    .column('application_id')
    .execute();
  await db.schema
    .createTable('plain_api_keys')
    .addColumn('application_id', 'text', (col) =>
      col.primaryKey().references('applications.id').onDelete('cascade'),
    )
    .addColumn('api_key', 'text', (col) => col.notNull())
    .execute();
  await sql`insert into plain_api_keys (application_id, api_key) select id, api_key from applications`.execute(
    db,
  );
  await db.schema.dropIndex('applications_api_key_key').execute();
  await db.schema.alterTable('applications').dropColumn('api_key').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

// A rolled or expired key changes the cached list of applications (migration 0006).
const BUMP = 'update developers set apps_version = apps_version + 1 where id';
const OWNER_OF = (row: 'new' | 'old') =>
  `(select owner_id from applications where id = ${row}.application_id)`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const triggers: readonly (readonly [string, string])[] = [
    ['insert', `${BUMP} = ${OWNER_OF('new')}`],
    ['update', `${BUMP} in (${OWNER_OF('old')}, ${OWNER_OF('new')})`],
    ['delete', `${BUMP} = ${OWNER_OF('old')}`],
  ];
  for (const [event, body] of triggers) {
    await sql
      .raw(
        `create trigger api_keys_${event}_apps_version after ${event} on api_keys ` +
          `for each row begin ${body}; end`,
      )
      .execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // The IP records' function fits any table with an application_id column.
  await sql
    .raw(
      'create trigger api_keys_apps_version after insert or update or delete on api_keys ' +
        'for each row execute function bump_apps_version_of_ip()',
    )
    .execute(db);
}
