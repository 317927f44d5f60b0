import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWriter } from '../../../test/support/hold-write.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { migrateToLatest } from './migrate.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

function developer(id: string, email: string) {
  return {
    id,
    email,
    emailNormalized: email.toLowerCase(),
    name: 'Dev',
    mobile: '+919876543210',
    state: 'Goa',
    passwordHash: null,
    verifiedAt: null,
    clientCode: null,
    lockedUntil: null,
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
  };
}

describe(`database (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('runs migrations once: a second run applies nothing', async () => {
    expect(await migrateToLatest(t.db.kysely)).toEqual([]);
  });

  it('keeps e-mail addresses unique regardless of case', async () => {
    const db = t.db.kysely;
    await db.insertInto('developers').values(developer('d1', 'Dev@Example.com')).execute();
    await expect(
      db.insertInto('developers').values(developer('d2', 'dev@example.COM')).execute(),
    ).rejects.toThrow();
    const rows = await db.selectFrom('developers').select(['id', 'email']).execute();
    expect(rows).toEqual([{ id: 'd1', email: 'Dev@Example.com' }]);
  });

  it('returns times and counters as numbers on both engines', async () => {
    const row = await t.db.kysely
      .selectFrom('developers')
      .select(['createdAt', 'failedSignIns', 'tokensValidAfter'])
      .where('id', '=', 'd1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ createdAt: t.clock.now(), failedSignIns: 0, tokensValidAfter: 0 });
  });

  it('removes applications and IP records with their developer', async () => {
    const db = t.db.kysely;
    const now = t.clock.now();
    await db
      .insertInto('applications')
      .values({
        id: 'app1',
        ownerId: 'd1',
        name: 'App',
        algoId: null,
        logoUrl: 'https://x.example/icon.png',
        logoKey: null,
        callbackUrl: 'https://x.example/cb',
        postbackUrl: null,
        allowedUsers: 'C1',
        description: '',
        isActive: 1,
        renewalAt: now,
        ipsChangedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto('ipRecords')
      .values({
        applicationId: 'app1',
        ip: '203.0.113.7',
        familyPending: 0,
        adminAccept: 0,
        documentKey: null,
        createdAt: now,
      })
      .execute();
    await expect(
      db
        .insertInto('ipRecords')
        .values({
          applicationId: 'app1',
          ip: '203.0.113.7',
          familyPending: 0,
          adminAccept: 0,
          documentKey: null,
          createdAt: now,
        })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('developers').where('id', '=', 'd1').execute();
    expect(await db.selectFrom('applications').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('ipRecords').select('ip').execute()).toEqual([]);
  });

  it('refuses an IP record for an application that does not exist', async () => {
    await expect(
      t.db.kysely
        .insertInto('ipRecords')
        .values({
          applicationId: 'missing',
          ip: '203.0.113.8',
          familyPending: 0,
          adminAccept: 0,
          documentKey: null,
          createdAt: 0,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('commits a transaction that read, then wrote after another process had written', async () => {
    // The admin command beside a running server: on SQLite a transaction that began with a
    // read and then writes after the other process's commit was refused ("database is
    // locked"), and the request answered 500.
    const db = t.db.kysely;
    let writer: ReturnType<typeof startWriter> | undefined;
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('rateLimits').select('key').execute();
      writer = startWriter(t, 0);
      await writer.opened;
      // Time for its commit; where this transaction holds the write lock, it waits instead.
      await Promise.race([writer.done, new Promise((resolve) => setTimeout(resolve, 500))]);
      await trx
        .insertInto('rateLimits')
        .values({ key: 'after the other write', hits: 1, resetsAt: 0 })
        .execute();
    });
    await writer?.done;
    const keys = await db.selectFrom('rateLimits').select('key').execute();
    expect(keys.map((row) => row.key.split(' ')[0]).sort()).toEqual(['after', 'held']);
  });
});
