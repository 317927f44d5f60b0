import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTogether } from '../../../test/support/start-together.js';

// Two processes switching one fresh file to WAL at the same moment meet in SQLite's
// deadlock case about one time in five; twenty starts make a miss all but certain.
const STARTS = 20;

let parent: string;

beforeEach(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'portal-open-'));
});

afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe('two instances opening one fresh SQLite file together', () => {
  it('both open it, in WAL mode', { timeout: 120_000 }, async () => {
    for (let start = 0; start < STARTS; start++) {
      const env = { DATA_DIR: path.join(parent, String(start)) };
      await startTogether('open.ts', [env, env]);
      const file = new SqliteDatabase(path.join(env.DATA_DIR, 'portal.db'), { readonly: true });
      try {
        expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
      } finally {
        file.close();
      }
    }
  });
});
