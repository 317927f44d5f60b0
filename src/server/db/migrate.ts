import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001-initial.js';
import * as blobStore from './migrations/0002-blob-store.js';
import * as jobQueue from './migrations/0003-job-queue.js';
import * as rateLimits from './migrations/0004-rate-limits.js';

// Listed here rather than read from a folder so the same list serves the compiled server,
// the tests and `npm run db:migrate`.
const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': initial,
  '0002-blob-store': blobStore,
  '0003-job-queue': jobQueue,
  '0004-rate-limits': rateLimits,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve({ ...MIGRATIONS }),
};

/** Brings the schema to the latest migration; throws when one fails. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db: db.withoutPlugins(), provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined)
    throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
