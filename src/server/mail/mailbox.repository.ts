import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface StoredMail {
  readonly id: string;
  readonly toAddress: string;
  readonly subject: string;
  readonly textBody: string;
  readonly htmlBody: string;
  readonly createdAt: number;
}

// The embedded mailbox is a development aid: the newest messages are enough.
const LIST_LIMIT = 200;

export async function insertMailboxMessage(db: Kysely<Database>, mail: StoredMail): Promise<void> {
  await db.insertInto('mailboxMessages').values(mail).execute();
}

/** Newest first; `to` matches the whole address, ignoring case. */
export async function listMailboxMessages(
  db: Kysely<Database>,
  to: string | undefined,
): Promise<StoredMail[]> {
  let query = db
    .selectFrom('mailboxMessages')
    .select(['id', 'toAddress', 'subject', 'textBody', 'htmlBody', 'createdAt']);
  if (to !== undefined) query = query.where(sql<string>`lower(to_address)`, '=', to.toLowerCase());
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT).execute();
}
