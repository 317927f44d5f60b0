import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The provider's kill switch (docs/decisions/054-kill-switch.md): a block of one application
// or of every application of a developer, apart from the operator's hold. The developers'
// gateway trigger now fires on the block columns too, so a block reaches every instance.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['applications', 'developers']) {
    await db.schema.alterTable(table).addColumn('blocked_reason', 'text').execute();
    await db.schema.alterTable(table).addColumn('blocked_at', 'bigint').execute();
  }
  const columns = 'client_code, state, blocked_reason, blocked_at';
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw('drop trigger developers_gateway on developers').execute(db);
    await sql
      .raw(
        `create trigger developers_gateway after update of ${columns} on developers ` +
          'for each row execute function developers_gateway_change()',
      )
      .execute(db);
  } else {
    await sql.raw('drop trigger developers_update_gateway').execute(db);
    await sql
      .raw(
        `create trigger developers_update_gateway after update of ${columns} on developers ` +
          'for each row begin insert into gateway_changes (developer_id) values (new.id); end',
      )
      .execute(db);
  }
}
