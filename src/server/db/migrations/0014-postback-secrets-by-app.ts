import type { Kysely } from 'kysely';

// Each delivery reads the application's live secrets (decision 031): the current one and
// those still in grace. Only the current one was indexed (0013), so the read went through
// every application's secrets; the query-plan test caught it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('postback_secrets_application_idx')
    .on('postback_secrets')
    .column('application_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('postback_secrets_application_idx').execute();
}
