import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeveloper } from '../../../test/support/accounts.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { purgeActivityBefore, recordActivity } from './activity.repository.js';

// docs/decisions/026: the activity log is append-only in the database itself, as the
// operators' audit is; only the retention purge and a developer's own removal delete rows.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

async function eventOf(at: number) {
  const dev = await createDeveloper(t);
  await recordActivity(t.db.kysely, {
    developerId: dev.id,
    kind: 'sign_in.failed',
    at,
    origin: { ip: '198.51.100.1', device: null },
    details: { reason: 'x' },
  });
  return dev;
}

const rowsOf = (developerId: string) =>
  t.db.kysely
    .selectFrom('activityEvents')
    .select(['at', 'ip', 'details'])
    .where('developerId', '=', developerId)
    .execute();

describe(`the activity log in the database (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('refuses an UPDATE of an event', async () => {
    const dev = await eventOf(t.clock.now());
    const before = await rowsOf(dev.id);
    await expect(
      t.db.kysely
        .updateTable('activityEvents')
        .set({ ip: '203.0.113.66' })
        .where('developerId', '=', dev.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    expect(await rowsOf(dev.id)).toEqual(before);
  });

  it('refuses a DELETE of an event, young or old, outside the purge', async () => {
    const young = await eventOf(t.clock.now());
    const old = await eventOf(1000);
    for (const dev of [young, old]) {
      await expect(
        t.db.kysely.deleteFrom('activityEvents').where('developerId', '=', dev.id).execute(),
      ).rejects.toThrow(/append-only/);
      expect(await rowsOf(dev.id)).toHaveLength(1);
    }
  });

  it('lets the retention purge delete what is older than its cutoff, and nothing younger', async () => {
    const cutoff = t.clock.now() - 1000;
    const old = await eventOf(cutoff - 1);
    const young = await eventOf(cutoff);
    expect(await purgeActivityBefore(t.db.kysely, cutoff)).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(old.id)).toEqual([]);
    expect(await rowsOf(young.id)).toHaveLength(1);
    // The purge's permission ends with it.
    await expect(
      t.db.kysely.deleteFrom('activityEvents').where('developerId', '=', young.id).execute(),
    ).rejects.toThrow(/append-only/);
  });

  it("goes with its developer's row", async () => {
    const dev = await eventOf(t.clock.now());
    await t.db.kysely.deleteFrom('developers').where('id', '=', dev.id).execute();
    expect(await rowsOf(dev.id)).toEqual([]);
  });
});
