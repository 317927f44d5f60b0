import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';
import { withoutDiskSync } from './without-disk-sync.js';

let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'without-disk-sync-'));
  db = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(db.kysely);
});

afterAll(async () => {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
});

const synchronous = async (kysely: Kysely<Database>) =>
  (await sql<{ synchronous: number }>`pragma synchronous`.execute(kysely)).rows[0]?.synchronous;

const FULL = 2;
const NORMAL = 1;

describe('withoutDiskSync on SQLite', () => {
  it('commits a transaction without the sync, then syncs every other commit again', async () => {
    const during = await withoutDiskSync(db.kysely, (connection) =>
      connection.transaction().execute(async (trx) => {
        await trx.insertInto('flowTokenUses').values({ jti: 'counted', expiresAt: 1 }).execute();
        return synchronous(trx);
      }),
    );
    expect(during).toBe(NORMAL);
    expect(await synchronous(db.kysely)).toBe(FULL);
    const rows = await db.kysely.selectFrom('flowTokenUses').select('jti').execute();
    expect(rows).toEqual([{ jti: 'counted' }]);
  });

  it('rolls a failed transaction back and still syncs the next commits', async () => {
    await expect(
      withoutDiskSync(db.kysely, (connection) =>
        connection.transaction().execute(async (trx) => {
          await trx.insertInto('flowTokenUses').values({ jti: 'lost', expiresAt: 1 }).execute();
          throw new Error('refused');
        }),
      ),
    ).rejects.toThrow('refused');
    expect(await synchronous(db.kysely)).toBe(FULL);
    const lost = await db.kysely
      .selectFrom('flowTokenUses')
      .select('jti')
      .where('jti', '=', 'lost')
      .execute();
    expect(lost).toEqual([]);
  });
});
