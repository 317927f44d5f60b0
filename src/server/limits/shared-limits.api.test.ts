import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorLog } from '../../../test/support/error-log.js';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import { uniqueEmail } from '../../../test/support/accounts.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { startTestApp, TestClock, type TestApp } from '../../../test/support/test-app.js';
import { GENERIC_SERVER_ERROR } from '../http/error-handler.js';

const LIMIT = 4;
const MINUTE_MS = 60_000;
const clock = new TestClock();
let first: TestApp;
let second: TestApp;
let clients: HttpClient[];

beforeAll(async () => {
  // One proxy hop: the test is the load balancer and names each client in X-Forwarded-For.
  const env = { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '1' };
  first = await startTestApp({ env, clock });
  second = await startTestApp({ env, clock, sameDatabaseAs: first });
  clients = [new HttpClient(first.baseUrl), new HttpClient(second.baseUrl)];
  await Promise.all(clients.map((client) => client.prime()));
});

afterAll(async () => {
  await second.close();
  await first.close();
});

/** The n-th call of a client goes to instance n mod 2, as a round-robin balancer sends it. */
function forgotPassword(n: number, clientIp: string) {
  const client = clients[n % 2];
  if (client === undefined) throw new Error('no client');
  return client.json('POST', ApiPaths.forgotPassword, {
    // A fresh address per call: forgotPassword also limits each typed address.
    json: { email: uniqueEmail() },
    headers: { 'x-forwarded-for': clientIp },
  });
}

function counter(clientIp: string) {
  return first.db.kysely
    .selectFrom('rateLimits')
    .select(['hits', 'resetsAt'])
    .where('key', '=', `${ApiPaths.forgotPassword} ${clientIp}`)
    .executeTakeFirst();
}

describe(`rate limits shared by two instances (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('refuses the (limit+1)-th call in total, whichever instance answers', async () => {
    const ip = '198.51.100.20';
    for (let n = 0; n < LIMIT; n++) {
      expect((await forgotPassword(n, ip)).status).toBe(200);
    }
    for (const n of [LIMIT, LIMIT + 1]) {
      const refused = await forgotPassword(n, ip);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBe(60);
      expect(refused.body).toEqual({
        status: 'error',
        code: 'rate_limited',
        message: Messages.auth.tooManyRequests(retryAfter),
      });
    }
    expect(await counter(ip)).toEqual({ hits: LIMIT + 2, resetsAt: clock.now() + MINUTE_MS });
  });

  it('lets exactly the limit through when calls race on both instances', async () => {
    const ip = '198.51.100.21';
    const answers = await Promise.all(
      Array.from({ length: 4 * LIMIT }, (_, n) => forgotPassword(n, ip)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3 * LIMIT);
    expect((await counter(ip))?.hits).toBe(4 * LIMIT);
  });

  it('starts a new window once the minute has passed and sweeps expired counters', async () => {
    const ip = '198.51.100.22';
    const once = '198.51.100.23';
    for (let n = 0; n <= LIMIT; n++) await forgotPassword(n, ip);
    await forgotPassword(0, once);
    expect((await forgotPassword(1, ip)).status).toBe(429);

    clock.advance(MINUTE_MS);
    expect((await forgotPassword(0, ip)).status).toBe(200);
    expect(await counter(ip)).toEqual({ hits: 1, resetsAt: clock.now() + MINUTE_MS });
    expect(await counter(once)).toBeUndefined();
  });
});

describe(`a failing rate-limit store (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('refuses limited calls with 503 and Retry-After, never lets them through unlimited', async () => {
    // The store's failure and the 503 it causes are logged as errors for the operator.
    expectErrorLog(/^rate-limit store failed: refusing the call$/);
    expectErrorLog(/^request failed$/);
    const ip = '198.51.100.30';
    await sql`alter table rate_limits rename to rate_limits_away`.execute(first.db.kysely);
    try {
      for (const n of [0, 1]) {
        const refused = await forgotPassword(n, ip);
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('5');
        expect(refused.body).toEqual({
          status: 'error',
          code: 'unavailable',
          message: GENERIC_SERVER_ERROR,
        });
      }
      const logout = await clients[0]?.json('POST', ApiPaths.logout, {
        json: { refresh_token: 'x' },
      });
      expect(logout?.status).toBe(200);
    } finally {
      await sql`alter table rate_limits_away rename to rate_limits`.execute(first.db.kysely);
    }
    expect((await forgotPassword(0, ip)).status).toBe(200);
    expect((await counter(ip))?.hits).toBe(1);
  });
});
