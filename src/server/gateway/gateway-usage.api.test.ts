import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpsApiPaths } from '../../contract/ops.js';
import type { UsageResponse } from '../../contract/usage.js';
import {
  createApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { freePort } from '../../../test/support/free-port.js';
import { askGateway } from '../../../test/support/gateway.js';
import { currentKeyOf } from '../../../test/support/keys.js';
import { signedInOperator, type TestOperator } from '../../../test/support/operators.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { purgeExpired } from '../auth/purge-job.js';
import { AppSectionPaths } from '../../contract/app-section-paths.js';

const engine = process.env.TEST_DB ?? 'sqlite';
const DAY_MS = 24 * 60 * 60_000;

let t: TestApp;
let dev: SignedInDeveloper;

beforeAll(async () => {
  t = await startTestApp();
  dev = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
});

/** An instance with a gateway listener on `t`'s database and clock. */
/** An instance that writes its counts only when it stops: no timed flush lands mid-test. */
async function gatewayInstance() {
  return startTestApp({
    sameDatabaseAs: t,
    clock: t.clock,
    env: { GATEWAY_PORT: String(await freePort()), GATEWAY_USAGE_FLUSH_MS: '600000' },
  });
}

/**
 * A new application listing `listed`, and one check of its key from each of `callers` on an
 * instance of its own, stopped after (which flushes its counts).
 */
async function appCalledFrom(listed: string, callers: readonly string[]) {
  const id = await createApp(dev.client, { ipRecords: listed });
  const key = await currentKeyOf(t, id);
  const instance = await gatewayInstance();
  for (const ip of callers) await askGateway(instance, { 'x-api-key': key, 'x-real-ip': ip });
  await instance.close();
  return id;
}

/** `calls` checks of `key` from `ip` on `instance`, one after the other. */
async function callFrom(instance: TestApp, key: string, ip: string, calls: number) {
  for (let i = 0; i < calls; i += 1) {
    await askGateway(instance, { 'x-api-key': key, 'x-real-ip': ip });
  }
}

async function usageOf(id: string, window = '24h') {
  return dev.client.json<UsageResponse>('GET', `${AppSectionPaths.usage(id)}?window=${window}`);
}

const lastBucket = (usage: UsageResponse) => usage.buckets.at(-1);

describe(`an application's gateway usage (${engine})`, () => {
  it('adds the counts of two instances, flushed as each stops, into the same minute', async () => {
    const id = await createApp(dev.client, { ipRecords: '203.0.113.20' });
    const key = await currentKeyOf(t, id);
    const first = await gatewayInstance();
    const second = await gatewayInstance();
    await callFrom(first, key, '203.0.113.20', 3);
    await callFrom(first, key, '203.0.113.9', 1);
    await callFrom(second, key, '203.0.113.20', 2);
    await callFrom(second, key, '198.51.100.7', 2);
    await askGateway(second, { 'x-api-key': 'not-a-key', 'x-real-ip': '203.0.113.9' });
    // Nothing is written per call: the counts reach the database on a flush.
    expect((await usageOf(id)).body.buckets.every((b) => b.allowed === 0)).toBe(true);

    await first.close();
    await second.close();

    const res = await usageOf(id);
    expect(res.status).toBe(200);
    expect(res.body.window).toBe('24h');
    expect(res.body.buckets).toHaveLength(24);
    expect(lastBucket(res.body)).toEqual({
      start: new Date(t.clock.now() - (t.clock.now() % 3_600_000)).toISOString(),
      allowed: 5,
      refused: 3,
      reasons: [{ reason: 'address_not_allowed', count: 3 }],
    });
    expect(
      await t.db.kysely
        .selectFrom('gatewayUsage')
        .selectAll()
        .where('applicationId', '=', id)
        .orderBy('outcome')
        .execute(),
    ).toEqual([
      expect.objectContaining({ outcome: 'allowed', reason: '', count: 5 }),
      expect.objectContaining({ outcome: 'refused', reason: 'address_not_allowed', count: 3 }),
    ]);
    expect(
      res.body.refusedAddresses.map(({ ip, reason, message }) => ({ ip, reason, message })),
    ).toEqual(
      expect.arrayContaining([
        {
          ip: '203.0.113.9',
          reason: 'address_not_allowed',
          message: "203.0.113.9 is not on this app's list",
        },
        {
          ip: '198.51.100.7',
          reason: 'address_not_allowed',
          message: "198.51.100.7 is not on this app's list",
        },
      ]),
    );
    expect(res.body.refusedAddresses).toHaveLength(2);
  });

  it('buckets by UTC day over 7 days, today last', async () => {
    const id = await appCalledFrom('203.0.113.21', ['203.0.113.21', '203.0.113.21']);
    const res = await usageOf(id, '7d');
    expect(res.body.buckets).toHaveLength(7);
    expect(res.body.buckets.at(-1)).toMatchObject({
      start: new Date(t.clock.now() - (t.clock.now() % DAY_MS)).toISOString(),
      allowed: 2,
      refused: 0,
    });
    expect(res.body.buckets.slice(0, 6).every((b) => b.allowed === 0)).toBe(true);
    expect((await usageOf(id, '30d')).status).toBe(400);
  });

  it("answers 404 for another developer's application, as every app route does", async () => {
    const id = await createApp(dev.client);
    const other = await signedInDeveloper(t);
    const res = await other.client.json('GET', AppSectionPaths.usage(id));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', message: 'Application not found' });
  });

  it('shows the console the same usage for support and admin, and not for a reviewer', async () => {
    const id = await appCalledFrom('203.0.113.22', ['203.0.113.99']);
    const support: TestOperator = await signedInOperator(t, 'support');
    const seen = await support.client.json<UsageResponse>('GET', OpsApiPaths.applicationUsage(id));
    expect(seen.status).toBe(200);
    expect(seen.body.buckets).toEqual((await usageOf(id)).body.buckets);
    expect(seen.body.refusedAddresses[0]).toMatchObject({
      ip: '203.0.113.99',
      message: "203.0.113.99 is not on this app's list",
    });
    expect(
      (await support.client.json('GET', OpsApiPaths.applicationUsage('no-such-app'))).status,
    ).toBe(404);
    const reviewer = await signedInOperator(t, 'reviewer');
    expect((await reviewer.client.json('GET', OpsApiPaths.applicationUsage(id))).status).toBe(403);
  });

  it('purges counts and refused addresses older than the retention, 90 days by default', async () => {
    const id = await appCalledFrom('203.0.113.23', ['203.0.113.8', '203.0.113.8']);
    const countRows = () =>
      t.db.kysely
        .selectFrom('gatewayUsage')
        .select('count')
        .where('applicationId', '=', id)
        .execute();
    t.clock.advance(89 * DAY_MS);
    await purgeExpired(t.db.kysely, t.clock.now());
    expect(await countRows()).toHaveLength(1);
    t.clock.advance(2 * DAY_MS);
    await purgeExpired(t.db.kysely, t.clock.now());
    expect(await countRows()).toEqual([]);
    const addresses = await t.db.kysely
      .selectFrom('gatewayRefusedAddresses')
      .select('ip')
      .where('applicationId', '=', id)
      .execute();
    expect(addresses).toEqual([]);
  });
});
