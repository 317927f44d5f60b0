import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterEach, beforeEach, expect } from 'vitest';
import { openDatabase, type Db, type DbOptions } from '../../src/server/db/database.js';
import { MIGRATIONS } from '../../src/server/db/migrate.js';
import { createTestDatabase } from './test-app.js';

/**
 * A fresh database per test, for a migration's own test: `current()` is the open database and
 * `migrateBefore(name)` brings it to the schema just before that migration, on plain
 * (snake_case) Kysely, where the test writes the rows an older version left.
 */
export function useOlderSchema() {
  let dataDir: string;
  let database: { options: DbOptions; drop: () => Promise<void> };
  let db: Db | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-migrate-'));
    database = await createTestDatabase(dataDir);
    db = openDatabase(database.options);
  });

  afterEach(async () => {
    await db?.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const current = (): Db => {
    if (db === undefined) throw new Error('no database outside a test');
    return db;
  };

  return {
    current,
    async migrateBefore(name: string): Promise<Kysely<unknown>> {
      const plain = current().kysely.withoutPlugins() as Kysely<unknown>;
      const older = Object.fromEntries(
        Object.entries(MIGRATIONS).filter(([migration]) => migration < name),
      );
      const migrator = new Migrator({
        db: plain,
        provider: { getMigrations: () => Promise.resolve(older) },
      });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      return plain;
    },
  };
}
