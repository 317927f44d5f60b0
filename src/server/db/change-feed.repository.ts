import { sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import type { ChangeChannel } from './change-feed-channels.js';
import type { Database } from './schema.js';

/** PostgreSQL: queued in the transaction, sent to every listener when it commits. */
export async function notify(
  trx: Transaction<Database>,
  channel: ChangeChannel,
  payload: string,
): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(trx);
}

/** PostgreSQL: this connection hears `channels` from now on. */
export async function listen(client: pg.Client, channels: readonly ChangeChannel[]): Promise<void> {
  for (const channel of channels) await client.query(`listen ${client.escapeIdentifier(channel)}`);
}

// SQLite has no commit hook: a change is a row of a table of this connection's own (a temp
// table), written in the transaction, so it exists afterwards only if the transaction committed.
const createMarks = sql`create temp table if not exists change_feed_marks (
  channel text not null,
  payload text not null
)`;

/** SQLite: the change as a row of the transaction, gone again if it rolls back. */
export async function markInTransaction(
  trx: Transaction<Database>,
  channel: ChangeChannel,
  payload: string,
): Promise<void> {
  await createMarks.execute(trx);
  await sql`insert into temp.change_feed_marks (channel, payload) values (${channel}, ${payload})`.execute(
    trx,
  );
}

/** SQLite: the committed changes in the order they were made, removed as they are read. */
export function takeCommittedMarks(
  db: Kysely<Database>,
): Promise<{ channel: ChangeChannel; payload: string }[]> {
  // One connection held for both statements: no other work runs between the read and the delete.
  return db.connection().execute(async (connection) => {
    await createMarks.execute(connection);
    const { rows } = await sql<{ rowid: number; channel: ChangeChannel; payload: string }>`
      select rowid, channel, payload from temp.change_feed_marks order by rowid`.execute(
      connection,
    );
    const last = rows.at(-1);
    if (last !== undefined) {
      await sql`delete from temp.change_feed_marks where rowid <= ${last.rowid}`.execute(
        connection,
      );
    }
    return rows.map(({ channel, payload }) => ({ channel, payload }));
  });
}
