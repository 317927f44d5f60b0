import type { Kysely } from 'kysely';

// When the session last proved a second factor, or the password for an account without one
// (docs/decisions/068-step-up.md): keys, secrets, IP lists, the password and the factors
// change only within five minutes of it. Null: never.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('step_up_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('step_up_at').execute();
}
