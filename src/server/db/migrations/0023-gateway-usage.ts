import type { Kysely } from 'kysely';

// The gateway check's usage (docs/decisions/055-gateway-usage-counts.md): answers counted
// per application, UTC minute, outcome and reason, each instance adding its counts to the
// row; and the last refused source addresses of each application, one row per address.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gateway_usage')
    .addColumn('application_id', 'text', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    // The minute's first instant (epoch milliseconds, UTC).
    .addColumn('minute', 'bigint', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    // The refusal's reason code; empty for an allowed call.
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('count', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('gateway_usage_pkey', [
      'application_id',
      'minute',
      'outcome',
      'reason',
    ])
    .execute();
  // The retention purge deletes by minute across applications.
  await db.schema
    .createIndex('gateway_usage_minute_idx')
    .on('gateway_usage')
    .column('minute')
    .execute();
  await db.schema
    .createTable('gateway_refused_addresses')
    .addColumn('application_id', 'text', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    // When this address was last refused.
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('gateway_refused_addresses_pkey', ['application_id', 'ip'])
    .execute();
}
