import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The gateway change log's triggers (migration 0021) also NOTIFY `gateway_changed` on
// PostgreSQL, so every instance's change feed wakes its refresher at once instead of at
// the next poll (docs/decisions/056-gateway-operations.md). PostgreSQL
// sends one notification per transaction for the same channel and payload. SQLite has one
// instance, which polls.
const TABLES = [
  ['applications', 'application_id', 'id'],
  ['ip_records', 'application_id', 'application_id'],
  ['api_keys', 'application_id', 'application_id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, column, source] of TABLES) {
    await sql
      .raw(
        `create or replace function ${table}_gateway_change() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            insert into gateway_changes (${column}) values (old.${source});
          else
            insert into gateway_changes (${column}) values (new.${source});
          end if;
          perform pg_notify('gateway_changed', '');
          return null;
        end $$`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create or replace function developers_gateway_change() returns trigger language plpgsql as $$
      begin
        insert into gateway_changes (developer_id) values (new.id);
        perform pg_notify('gateway_changed', '');
        return null;
      end $$`,
    )
    .execute(db);
}
