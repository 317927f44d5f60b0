import type { Kysely } from 'kysely';

// The activity log. Append-only: rows are inserted with the change they record
// and only the five-year retention purge deletes them. `application_id` has no foreign
// key, so an application's history outlives it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('developer_id', 'text', (col) =>
      col.notNull().references('developers.id').onDelete('cascade'),
    )
    .addColumn('application_id', 'text')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('device', 'text')
    .addColumn('details', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('activity_events_developer_at_idx')
    .on('activity_events')
    .columns(['developer_id', 'at', 'id'])
    .execute();
  await db.schema
    .createIndex('activity_events_at_idx')
    .on('activity_events')
    .column('at')
    .execute();
}
