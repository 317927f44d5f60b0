import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database.js';

// 300 rows of 4,000 bytes: about 300 pages of the log, fewer than the 1,000 at which
// SQLite's own automatic checkpoint would copy them into the file.
const ROWS = 300;
const ROW_BYTES = 4000;

let dataDir: string;
let db: Db;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-checkpoint-'));
  db = openDatabase({ databaseUrl: undefined, dataDir });
  await sql`create table filler (bytes blob not null)`.execute(db.kysely);
  for (let row = 0; row < ROWS; row += 1) {
    await sql`insert into filler (bytes) values (${Buffer.alloc(ROW_BYTES, row)})`.execute(
      db.kysely,
    );
  }
});

afterEach(async () => {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
});

const fileBytes = () => statSync(path.join(dataDir, 'portal.db')).size;

async function within(ms: number, isDone: () => boolean): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!isDone() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return isDone();
}

describe('the write-ahead log checkpointed on a thread of its own', () => {
  it('copies committed pages into the database file while the portal only commits', async () => {
    expect(await within(3000, () => fileBytes() >= ROWS * ROW_BYTES)).toBe(true);
  });

  it('stops before the portal closes the file, so the close folds the log in and removes it', async () => {
    await db.close();
    expect(existsSync(path.join(dataDir, 'portal.db-wal'))).toBe(false);
    const file = new SqliteDatabase(path.join(dataDir, 'portal.db'), { readonly: true });
    try {
      expect(file.prepare('select count(*) as n from filler').get()).toEqual({ n: ROWS });
    } finally {
      file.close();
    }
    db = openDatabase({ databaseUrl: undefined, dataDir });
  });
});
