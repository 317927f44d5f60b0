import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import type { Database } from './schema.js';
import { createSharedTransaction } from './shared-transaction.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

function stored(prefix: string) {
  return t.db.kysely
    .selectFrom('flowTokenUses')
    .select('jti')
    .where('jti', 'like', `${prefix}%`)
    .orderBy('jti')
    .execute();
}

describe(`shared transaction (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('runs the works asked for in the same turn together in one transaction on SQLite', async () => {
    const shared = createSharedTransaction(t.db.kysely);
    const seen: Transaction<Database>[] = [];
    const write = (jti: string) =>
      shared(async (trx) => {
        seen.push(trx);
        await trx.insertInto('flowTokenUses').values({ jti, expiresAt: 1 }).execute();
        return jti;
      });

    const answers = await Promise.all(['group-a', 'group-b', 'group-c', 'group-d'].map(write));

    expect(answers).toEqual(['group-a', 'group-b', 'group-c', 'group-d']);
    expect(await stored('group-')).toEqual(
      ['group-a', 'group-b', 'group-c', 'group-d'].map((jti) => ({ jti })),
    );
    // Asked for in the same turn: one transaction, one commit, on SQLite, whose commits wait
    // for the disk on the event loop; PostgreSQL keeps a transaction per work.
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(t.db.engine === 'sqlite' ? 1 : 4);
  });

  it('fails only the work that fails: the others of its transaction commit', async () => {
    const shared = createSharedTransaction(t.db.kysely);
    const write = (jti: string) =>
      shared(async (trx) => {
        await trx.insertInto('flowTokenUses').values({ jti, expiresAt: 1 }).execute();
        if (jti === 'fail-b') throw new Error('refused');
        return jti;
      });

    const answers = await Promise.allSettled(['fail-a', 'fail-b', 'fail-c'].map(write));

    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await stored('fail-')).toEqual([{ jti: 'fail-a' }, { jti: 'fail-c' }]);
  });
});
