import type { Kysely } from 'kysely';

// The caller's event ids each application has received, with when, kept for the idempotency
// window whatever the postback log still holds (docs/decisions/050-postback-event-ids.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('postback_event_ids')
    .addColumn('application_id', 'text', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('caller_event_id', 'text', (col) => col.notNull())
    .addColumn('seen_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('postback_event_ids_pkey', ['application_id', 'caller_event_id'])
    .execute();
  // The hourly purge deletes by age.
  await db.schema
    .createIndex('postback_event_ids_seen_at_idx')
    .on('postback_event_ids')
    .column('seen_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('postback_event_ids').execute();
}
