import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';
import { createSharedTransaction } from './shared-transaction.js';
import { createWalSync, walFileOf, type WalSync } from './wal-sync.js';

let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'shared-transaction-sync-'));
  db = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(db.kysely);
});

afterAll(async () => {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
});

const FULL = 2;
const NORMAL = 1;

const synchronous = async (kysely: Kysely<Database>) =>
  (await sql<{ synchronous: number }>`pragma synchronous`.execute(kysely)).rows[0]?.synchronous;

/** A log sync the test lets finish by hand; `calls` counts the syncs asked for. */
function heldSync(): WalSync & { calls: number; release(): void } {
  let release: () => void = () => undefined;
  let held = new Promise<void>((resolve) => (release = resolve));
  return {
    calls: 0,
    sync() {
      this.calls += 1;
      return held;
    },
    release() {
      release();
      held = Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

/** Settles with 'pending' when `promise` has not settled within a few turns of the loop. */
async function stateOf(promise: Promise<unknown>): Promise<string> {
  const late = new Promise((resolve) => setTimeout(() => resolve('pending'), 20));
  return String(await Promise.race([promise.then(() => 'resolved'), late]));
}

describe('shared transaction on SQLite: the disk sync off the event loop (decision 035)', () => {
  it('commits without the sync, tells a durable work after the log is synced, and syncs every other commit again', async () => {
    const wal = heldSync();
    const shared = createSharedTransaction(db.kysely, wal);
    const seen: (number | undefined)[] = [];
    const write = (jti: string) => async (trx: Kysely<Database>) => {
      seen.push(await synchronous(trx));
      await trx.insertInto('flowTokenUses').values({ jti, expiresAt: 1 }).execute();
      return jti;
    };

    const durable = shared(write('sync-durable'));
    const unsynced = shared.withoutDiskSync(write('sync-unsynced'));

    expect(await unsynced).toBe('sync-unsynced');
    // Committed (another reader sees it), but its caller waits for the log's sync.
    const rows = await db.kysely
      .selectFrom('flowTokenUses')
      .select('jti')
      .where('jti', 'like', 'sync-%')
      .orderBy('jti')
      .execute();
    expect(rows).toEqual([{ jti: 'sync-durable' }, { jti: 'sync-unsynced' }]);
    expect(await stateOf(durable)).toBe('pending');
    wal.release();
    expect(await durable).toBe('sync-durable');
    expect(wal.calls).toBe(1);
    expect(seen).toEqual([NORMAL, NORMAL]);
    expect(await synchronous(db.kysely)).toBe(FULL);
  });

  it('asks for no sync when no work of the commit needs one', async () => {
    const wal = heldSync();
    const shared = createSharedTransaction(db.kysely, wal);
    await shared.withoutDiskSync((trx) =>
      trx.insertInto('flowTokenUses').values({ jti: 'claim-only', expiresAt: 1 }).execute(),
    );
    expect(wal.calls).toBe(0);
  });

  it('fails a durable work whose sync fails, though its commit is in', async () => {
    const shared = createSharedTransaction(db.kysely, {
      sync: () => Promise.reject(new Error('disk gone')),
      close: () => Promise.resolve(),
    });
    await expect(
      shared((trx) =>
        trx.insertInto('flowTokenUses').values({ jti: 'sync-failed', expiresAt: 1 }).execute(),
      ),
    ).rejects.toThrow('disk gone');
  });

  it('syncs the write-ahead log of the database file, before and after close', async () => {
    const file = await walFileOf(db.kysely);
    expect(file).toBe(path.join(dataDir, 'portal.db-wal'));
    expect(existsSync(file)).toBe(true);
    const wal = createWalSync(db.kysely);
    await Promise.all([wal.sync(), wal.sync(), wal.sync()]);
    await wal.close();
    await wal.sync();
  });
});
