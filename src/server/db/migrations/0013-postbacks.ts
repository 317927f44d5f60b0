import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Postbacks (docs/decisions/031-postback-delivery.md): each application's signing
// secrets, sealed like its API keys (decision 024); the events the trading platform sent,
// the last 100 per application; and every delivery attempt with what was sent and answered.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('postback_secrets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('sealed_secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    // Null for the current secret; an old one keeps signing until this instant.
    .addColumn('expires_at', 'bigint')
    .execute();
  // One current secret per application: two first deliveries racing make one secret.
  await sql`create unique index postback_secrets_current_idx on postback_secrets (application_id) where expires_at is null`.execute(
    db,
  );
  await db.schema
    .createTable('postback_events')
    // Insertion order: the log's newest-first order and the per-application delivery order.
    .addColumn('seq', 'integer', (col) =>
      isPostgres
        ? col.primaryKey().generatedByDefaultAsIdentity()
        : col.primaryKey().autoIncrement(),
    )
    .addColumn('id', 'text', (col) => col.notNull().unique())
    .addColumn('application_id', 'text', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('caller_event_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('is_test', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('last_status', 'integer')
    .addColumn('last_latency_ms', 'integer')
    .addUniqueConstraint('postback_events_caller_id_key', ['application_id', 'caller_event_id'])
    .execute();
  await db.schema
    .createIndex('postback_events_application_seq_idx')
    .on('postback_events')
    .columns(['application_id', 'seq'])
    .execute();
  await db.schema
    .createTable('postback_attempts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('event_id', 'text', (col) =>
      col.notNull().references('postback_events.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('request_headers', 'text', (col) => col.notNull())
    .addColumn('request_body', 'text', (col) => col.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_headers', 'text', (col) => col.notNull())
    .addColumn('response_body', 'text', (col) => col.notNull())
    .addColumn('latency_ms', 'integer', (col) => col.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('postback_attempts_event_idx')
    .on('postback_attempts')
    .columns(['event_id', 'number'])
    .execute();
}
