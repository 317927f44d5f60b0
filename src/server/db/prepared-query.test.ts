import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { preparedQuery } from './prepared-query.js';

let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'prepared-query-'));
  db = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(db.kysely);
  for (const id of ['a', 'b']) {
    await db.kysely.insertInto('flowTokenUses').values({ jti: id, expiresAt: 1 }).execute();
  }
});

afterAll(async () => {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('preparedQuery', () => {
  const byJti = preparedQuery(1, (kysely, jti: string) =>
    kysely.selectFrom('flowTokenUses').select(['jti', 'expiresAt']).where('jti', '=', jti),
  );

  it('runs the query compiled once with each call’s values', async () => {
    expect(await byJti(db.kysely, 'a')).toEqual([{ jti: 'a', expiresAt: 1 }]);
    expect(await byJti(db.kysely, 'b')).toEqual([{ jti: 'b', expiresAt: 1 }]);
    expect(await byJti(db.kysely, 'c')).toEqual([]);
  });

  it('compiles to the SQL Kysely builds, with the values in place', () => {
    const built = db.kysely
      .selectFrom('flowTokenUses')
      .select(['jti', 'expiresAt'])
      .where('jti', '=', 'b')
      .compile();
    const prepared = byJti.compile(db.kysely, 'b');
    expect(prepared.sql).toBe(built.sql);
    expect(prepared.parameters).toEqual(['b']);
  });

  it('writes numbers and nulls given as parameters, inside a transaction too', async () => {
    const insertJob = preparedQuery(
      3,
      (kysely, id: string, runAt: number, payload: string | null) =>
        kysely
          .insertInto('jobs')
          .values({ id, kind: 'test', payload, maxAttempts: 2, runAt, createdAt: 5 }),
    );
    await insertJob(db.kysely, 'job-1', 1000, '{}');
    await db.kysely.transaction().execute((trx) => insertJob(trx, 'job-2', 2000, null));
    const rows = await db.kysely
      .selectFrom('jobs')
      .select(['id', 'runAt', 'payload', 'maxAttempts'])
      .where('kind', '=', 'test')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'job-1', runAt: 1000, payload: '{}', maxAttempts: 2 },
      { id: 'job-2', runAt: 2000, payload: null, maxAttempts: 2 },
    ]);
  });

  it('refuses a query that does not use a parameter as a plain value', async () => {
    const lowered = preparedQuery(1, (kysely, jti: string) =>
      kysely.selectFrom('flowTokenUses').select('jti').where('jti', '=', jti.toLowerCase()),
    );
    await expect(lowered(db.kysely, 'A')).rejects.toThrow('parameter 0 unused');
  });
});
