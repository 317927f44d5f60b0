import { PostgresAdapter, sql, type Kysely } from 'kysely';

const MESSAGE = 'activity_events is append-only';

// The activity log refuses UPDATE and DELETE in the database itself, as the operators' audit
// does (migration 0015), whatever the code does. Two deletes stay allowed: the retention
// purge's, of rows older than the cutoff it writes into `activity_purge_gate` inside its own
// transaction (no other transaction sees that write), and the cascade of a developer's row
// that is gone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_purge_gate')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    // Epoch ms: events older than this may be deleted; 0 outside a purge.
    .addColumn('purge_before', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into activity_purge_gate (id, purge_before) values (1, 0)`.execute(db);
  const isDeletable =
    '(old.at < (select purge_before from activity_purge_gate where id = 1) ' +
    'or not exists (select 1 from developers where id = old.developer_id))';
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create function activity_events_append_only() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' and ${isDeletable} then return old; end if;
          raise exception '${MESSAGE}';
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        'create trigger activity_events_append_only before update or delete on activity_events ' +
          'for each row execute function activity_events_append_only()',
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      'create trigger activity_events_no_update before update on activity_events ' +
        `begin select raise(abort, '${MESSAGE}'); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger activity_events_no_delete before delete on activity_events when not ${isDeletable} ` +
        `begin select raise(abort, '${MESSAGE}'); end`,
    )
    .execute(db);
}
