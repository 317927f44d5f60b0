import { PostgresAdapter, sql, type Kysely } from 'kysely';

// A counter per developer that every change to their applications or IP records raises,
// kept by triggers so that no write path (routes, admin CLI, a future job) can forget it.
// Each instance caches a developer's list of applications under it (src/server/apps/
// list-cache.ts): a cached list is served only while the counter has not moved.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('developers')
    .addColumn('apps_version', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const BUMP = 'update developers set apps_version = apps_version + 1 where id';
const OWNER_OF = (row: 'new' | 'old') =>
  `(select owner_id from applications where id = ${row}.application_id)`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const triggers: readonly (readonly [string, string, string])[] = [
    ['applications', 'insert', `${BUMP} = new.owner_id`],
    ['applications', 'update', `${BUMP} in (old.owner_id, new.owner_id)`],
    ['applications', 'delete', `${BUMP} = old.owner_id`],
    ['ip_records', 'insert', `${BUMP} = ${OWNER_OF('new')}`],
    ['ip_records', 'update', `${BUMP} in (${OWNER_OF('old')}, ${OWNER_OF('new')})`],
    ['ip_records', 'delete', `${BUMP} = ${OWNER_OF('old')}`],
  ];
  for (const [table, event, body] of triggers) {
    await sql
      .raw(
        `create trigger ${table}_${event}_apps_version after ${event} on ${table} ` +
          `for each row begin ${body}; end`,
      )
      .execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function bump_apps_version_of_app() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${BUMP} = old.owner_id; end if;
        if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.owner_id <> old.owner_id) then
          ${BUMP} = new.owner_id;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function bump_apps_version_of_ip() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${BUMP} = ${OWNER_OF('old')}; end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.application_id <> old.application_id) then
          ${BUMP} = ${OWNER_OF('new')};
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  for (const [table, fn] of [
    ['applications', 'bump_apps_version_of_app'],
    ['ip_records', 'bump_apps_version_of_ip'],
  ] as const) {
    await sql
      .raw(
        `create trigger ${table}_apps_version after insert or update or delete on ${table} ` +
          `for each row execute function ${fn}()`,
      )
      .execute(db);
  }
}
