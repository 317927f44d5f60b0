import type { Kysely } from 'kysely';

// The icon's own file name, as the developer chose it (docs/product.md section 3); the file
// itself is stored under its content hash. Icons uploaded before have none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('logo_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').dropColumn('logo_name').execute();
}
