import { sql, type Kysely } from 'kysely';

// The job queue of docs/decisions/013-job-queue.md. Portable types only, as in 0001.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    // JSON text; null once a job whose payload holds a secret (a mailed code) is done.
    .addColumn('payload', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('run_at', 'bigint', (col) => col.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('done_at', 'bigint')
    .addColumn('failed_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  // The claim reads only open jobs, oldest due first: a partial index keeps done ones out.
  await db.schema
    .createIndex('jobs_due_idx')
    .on('jobs')
    .column('run_at')
    .where(sql.ref('done_at'), 'is', null)
    .where(sql.ref('failed_at'), 'is', null)
    .execute();
  await db.schema.createIndex('jobs_created_idx').on('jobs').column('created_at').execute();
  // Operators' metrics count failed jobs by kind: few rows, kept apart from the rest.
  await db.schema
    .createIndex('jobs_failed_idx')
    .on('jobs')
    .column('kind')
    .where(sql.ref('failed_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
