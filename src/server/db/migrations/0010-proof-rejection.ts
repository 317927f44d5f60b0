import type { Kysely } from 'kysely';

// A rejected family proof keeps its IP record, without the document, and the
// operator's reason, which the developer sees on the IP's row (docs/decisions/025).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ip_records').addColumn('rejection_reason', 'text').execute();
}
