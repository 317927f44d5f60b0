import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Connect's access tokens reach the gateway check through its change log
// (docs/decisions/059-connect-tokens-at-the-gateway.md): an issued or revoked token appends
// its application, so every instance reloads that application's tokens. Only `revoked_at`
// changes an answer; the daily logout is a time the check compares with its clock.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create function connect_tokens_gateway_change() returns trigger language plpgsql as $$
        begin
          insert into gateway_changes (application_id) values (new.application_id);
          perform pg_notify('gateway_changed', '');
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        'create trigger connect_tokens_gateway after insert or update of revoked_at ' +
          'on connect_tokens for each row execute function connect_tokens_gateway_change()',
      )
      .execute(db);
    return;
  }
  for (const event of ['insert', 'update of revoked_at']) {
    await sql
      .raw(
        `create trigger connect_tokens_${event.split(' ')[0] ?? ''}_gateway after ${event} ` +
          'on connect_tokens for each row ' +
          'begin insert into gateway_changes (application_id) values (new.application_id); end',
      )
      .execute(db);
  }
}
