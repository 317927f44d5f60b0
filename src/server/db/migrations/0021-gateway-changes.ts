import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The gateway check's change log (docs/decisions/053-gateway-state-in-memory.md): every
// write that can change a check's answer appends the application (or developer) it
// touched, from triggers, so no write path (routes, operator console, admin CLI, a job)
// can forget to tell the instances. Each instance reads the rows after its cursor.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('gateway_changes')
    .addColumn('seq', 'integer', (col) =>
      isPostgres
        ? col.primaryKey().generatedByDefaultAsIdentity()
        : col.primaryKey().autoIncrement(),
    )
    .addColumn('application_id', 'text')
    .addColumn('developer_id', 'text')
    .execute();
  if (isPostgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** Per table: the column naming the application, or the developer for `developers`. */
const WATCHED = [
  ['applications', 'application_id', 'id'],
  ['ip_records', 'application_id', 'application_id'],
  ['api_keys', 'application_id', 'application_id'],
] as const;
// A developer row changes on every sign-in; only these columns reach a check's answer.
const DEVELOPER_COLUMNS = 'client_code, state';

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const [table, column, source] of WATCHED) {
    for (const [event, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql
        .raw(
          `create trigger ${table}_${event}_gateway after ${event} on ${table} for each row ` +
            `begin insert into gateway_changes (${column}) values (${row}.${source}); end`,
        )
        .execute(db);
    }
  }
  await sql
    .raw(
      `create trigger developers_update_gateway after update of ${DEVELOPER_COLUMNS} on developers ` +
        'for each row begin insert into gateway_changes (developer_id) values (new.id); end',
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  for (const [table, column, source] of WATCHED) {
    await sql
      .raw(
        `create function ${table}_gateway_change() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            insert into gateway_changes (${column}) values (old.${source});
          else
            insert into gateway_changes (${column}) values (new.${source});
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_gateway after insert or update or delete on ${table} ` +
          `for each row execute function ${table}_gateway_change()`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create function developers_gateway_change() returns trigger language plpgsql as $$
      begin
        insert into gateway_changes (developer_id) values (new.id);
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger developers_gateway after update of ${DEVELOPER_COLUMNS} on developers ` +
        'for each row execute function developers_gateway_change()',
    )
    .execute(db);
}
