import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTogether } from '../../../test/support/start-together.js';
import { createTestDatabase } from '../../../test/support/test-app.js';
import { openDatabase, type DbOptions } from './database.js';
import { MIGRATION_NAMES } from './migrate.js';

let dataDir: string;
let database: { options: DbOptions; drop: () => Promise<void> };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-migrate-'));
  database = await createTestDatabase(dataDir);
});

afterEach(async () => {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`two instances starting together (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('migrate a fresh database once between them', { timeout: 60_000 }, async () => {
    const env = {
      DATA_DIR: dataDir,
      ...(database.options.databaseUrl === undefined
        ? {}
        : { DATABASE_URL: database.options.databaseUrl }),
    };
    const outputs = await startTogether('migrate.ts', [env, env]);
    const applied = outputs.map((output) => JSON.parse(output) as string[]);
    expect(applied.flat().sort()).toEqual([...MIGRATION_NAMES]);
    expect(applied.map((names) => names.length).sort()).toEqual([0, MIGRATION_NAMES.length]);

    const db = openDatabase(database.options);
    try {
      const recorded = await db.kysely
        .withoutPlugins()
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(recorded.map((row) => (row as { name: string }).name).sort()).toEqual([
        ...MIGRATION_NAMES,
      ]);
    } finally {
      await db.close();
    }
  });
});
