import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { primedClient, uniqueEmail } from '../../../test/support/accounts.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const LIMIT = 3;

const NOT_THIS_PEER = '10.0.0.1';
const PROXIED = [
  ['a hop count of 1', '1'],
  ["the proxy's address", '127.0.0.1'],
  ["the proxy's network, among others", '10.0.0.0/8, 127.0.0.0/8, ::1'],
] as const;
const apps = new Map<string, TestApp>();

beforeAll(async () => {
  for (const setting of [...PROXIED.map(([, value]) => value), NOT_THIS_PEER]) {
    const t = await startTestApp({
      env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: setting },
    });
    apps.set(setting, t);
  }
});

afterAll(async () => {
  for (const t of apps.values()) await t.close();
});

function appWith(setting: string): TestApp {
  const t = apps.get(setting);
  if (t === undefined) throw new Error(`no app with TRUST_PROXY=${setting}`);
  return t;
}

/** Sends forgot-password calls with the given X-Forwarded-For; answers their statuses. */
async function statuses(t: TestApp, forwardedFor: readonly string[]): Promise<number[]> {
  const client = await primedClient(t);
  const answers: number[] = [];
  for (const header of forwardedFor) {
    const answer = await client.json('POST', ApiPaths.forgotPassword, {
      // A fresh address per call: forgotPassword also limits each typed address.
      json: { email: uniqueEmail() },
      headers: { 'x-forwarded-for': header },
    });
    answers.push(answer.status);
  }
  return answers;
}

async function bucketKeys(t: TestApp): Promise<string[]> {
  const rows = await t.db.kysely
    .selectFrom('rateLimits')
    .select('key')
    .where('key', 'like', `${ApiPaths.forgotPassword} %`)
    .orderBy('key')
    .execute();
  return rows.map((row) => row.key);
}

/** A client writes its own first entries; the proxy (this test, on 127.0.0.1) appends the real one. */
const spoofed = (realIp: string, count: number) =>
  Array.from({ length: count }, (_, n) => `10.9.9.${n}, 192.0.2.${n}, ${realIp}`);

describe(`client IP behind a proxy (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it.each(PROXIED)(
    'with %s, a client cannot get a fresh bucket by writing X-Forwarded-For',
    async (_name, setting) => {
      const t = appWith(setting);
      expect(await statuses(t, spoofed('203.0.113.9', LIMIT + 2))).toEqual([
        200, 200, 200, 429, 429,
      ]);
      // Another real client, behind the same proxy, has its own allowance.
      expect(await statuses(t, spoofed('203.0.113.10', 1))).toEqual([200]);
      expect(await bucketKeys(t)).toEqual([
        `${ApiPaths.forgotPassword} 203.0.113.10`,
        `${ApiPaths.forgotPassword} 203.0.113.9`,
      ]);
    },
  );

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const t = appWith(NOT_THIS_PEER);
    const headers = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    expect(await statuses(t, headers)).toEqual([200, 200, 200, 429]);
    expect(await bucketKeys(t)).toEqual([`${ApiPaths.forgotPassword} 127.0.0.1`]);
  });
});
