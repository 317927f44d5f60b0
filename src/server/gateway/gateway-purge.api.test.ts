import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { currentKeyOf, keyCryptoOf } from '../../../test/support/keys.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { DEFAULT_PURGE_WINDOWS, purgeExpired } from '../auth/purge-job.js';
import { createGatewayRefresher } from './gateway-refresher.js';
import { createGatewayState } from './gateway-state.js';

// docs/decisions/056: the hourly purge keeps the newest rows of the gateway change log; an
// instance whose cursor is older than what is left reads everything again.

const DB = process.env.TEST_DB ?? 'sqlite';

let t: TestApp;
let dev: SignedInDeveloper;

beforeAll(async () => {
  t = await startTestApp();
  dev = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
});

const changeRows = () => t.db.kysely.selectFrom('gatewayChanges').select('seq').execute();

/** Another instance's state, read only when the test says so. */
async function idleInstance() {
  const state = createGatewayState();
  const refresher = createGatewayRefresher({
    db: t.db.kysely,
    clock: t.clock,
    state,
    intervalMs: 3_600_000,
    log: { warn: () => undefined },
  });
  await refresher.start();
  return { state, refresher };
}

describe(`the gateway change log purge (${DB})`, () => {
  it('keeps only the newest rows, and an instance behind them reads everything again', async () => {
    const other = await idleInstance();
    const first = await createApp(dev.client, { ipRecords: '203.0.113.70' });
    const second = await createApp(dev.client, { ipRecords: '203.0.113.71' });
    expect((await changeRows()).length).toBeGreaterThan(1);

    const purged = await purgeExpired(t.db.kysely, t.clock.now(), {
      ...DEFAULT_PURGE_WINDOWS,
      gatewayChangesKept: 1,
    });
    expect(purged.gatewayChanges).toBeGreaterThan(0);
    expect(await changeRows()).toHaveLength(1);

    await other.refresher.refreshNow();
    const crypto = keyCryptoOf(t);
    for (const [id, ip] of [
      [first, '203.0.113.70'],
      [second, '203.0.113.71'],
    ] as const) {
      const hash = crypto.lookupHash(await currentKeyOf(t, id));
      expect(other.state.decide({ kind: 'key', hash }, ip, t.clock.now())).toMatchObject({
        allowed: true,
        applicationId: id,
      });
    }
    await other.refresher.stop();
  });

  it('keeps the whole log while it is shorter than the rows kept', async () => {
    await createApp(dev.client, { ipRecords: '203.0.113.72' });
    const before = (await changeRows()).length;
    expect((await purgeExpired(t.db.kysely, t.clock.now())).gatewayChanges).toBe(0);
    expect(await changeRows()).toHaveLength(before);
  });
});
