import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { primedClient, uniqueEmail } from '../../../test/support/accounts.js';
import { expectPerIpRefusal } from '../../../test/support/rate-limited.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
const LIMIT = 3;

beforeAll(async () => {
  t = await startTestApp({
    env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'true' },
  });
});

afterAll(async () => {
  await t.close();
});

const email = 'nobody@example.com';
// forgotPassword and sendConfirmation also limit each typed address (decision 010): a fresh
// one per call.
const freshEmail = Symbol('a fresh e-mail per call');
const CALLS: readonly [string, string, unknown][] = [
  ['POST', ApiPaths.signin, { email, password: 'x' }],
  ['POST', ApiPaths.signup, { email }],
  ['POST', ApiPaths.confirm, { email, code: '123456' }],
  ['POST', ApiPaths.sendConfirmation, freshEmail],
  ['POST', ApiPaths.forgotPassword, freshEmail],
  ['POST', ApiPaths.forgotPasswordVerify, { email, code: '123456' }],
  ['POST', ApiPaths.forgotPasswordConfirm, { email, code: '123456', password: 'x' }],
  ['POST', ApiPaths.refresh, { refresh_token: 'x', id: 'x' }],
  ['GET', `${ApiPaths.loginWithFlow}?auth=x`, undefined],
];

describe(`per-IP rate limits (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it.each(CALLS)(
    '%s %s answers 429 with Retry-After past the limit',
    async (method, path, json) => {
      const client = await primedClient(t);
      const send = (ip: string) =>
        client.json(method, path, {
          headers: { 'x-forwarded-for': ip },
          ...(json === undefined
            ? {}
            : { json: json === freshEmail ? { email: uniqueEmail() } : json }),
        });
      for (let i = 0; i < LIMIT; i++) {
        expect((await send('198.51.100.7')).status).not.toBe(429);
      }
      const limited = await send('198.51.100.7');
      expectPerIpRefusal(limited);
      // Another client address has its own allowance.
      expect((await send('198.51.100.8')).status).not.toBe(429);
    },
  );

  it('counts each route on its own', async () => {
    const client = await primedClient(t);
    const ip = { 'x-forwarded-for': '203.0.113.50' };
    for (let i = 0; i < LIMIT; i++) {
      await client.json('POST', ApiPaths.signin, { json: { email, password: 'x' }, headers: ip });
    }
    expect(
      (await client.json('POST', ApiPaths.signin, { json: { email, password: 'x' }, headers: ip }))
        .status,
    ).toBe(429);
    const other = await client.json('POST', ApiPaths.forgotPassword, {
      json: { email: uniqueEmail() },
      headers: ip,
    });
    expect(other.status).toBe(200);
  });

  it('leaves logout unlimited', async () => {
    const client = await primedClient(t);
    for (let i = 0; i <= LIMIT + 1; i++) {
      const res = await client.json('POST', ApiPaths.logout, { json: { refresh_token: 'x' } });
      expect(res.status).toBe(200);
    }
  });
});
