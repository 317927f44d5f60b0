import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeveloper } from '../../../test/support/accounts.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { startBalancedPair, type BalancedPair } from '../../../test/support/balanced-pair.js';
import type { RoundRobinProxy } from '../../../test/support/round-robin-proxy.js';
import { freshAddress, signInFrom } from '../../../test/support/sign-in.js';
import { TestClock, type TestApp } from '../../../test/support/test-app.js';

// The sign-in counts hold across instances. Two instances on one PostgreSQL behind
// a round-robin balancer; each trusts two proxy hops (the test's X-Forwarded-For and the
// balancer's), so every guess comes from an address of its own.

const clock = new TestClock();
let first: TestApp;
let proxy: RoundRobinProxy;
let pair: BalancedPair;

beforeAll(async () => {
  const env = { TRUST_PROXY: '2' };
  pair = await startBalancedPair(env, clock);
  ({ first, proxy } = pair);
}, 60_000);

afterAll(async () => {
  await pair.close();
});

async function balancedClient() {
  const client = new HttpClient(proxy.baseUrl);
  await client.prime();
  return client;
}

describe('sign-in counts across two instances on one PostgreSQL', () => {
  it('gives 50 parallel wrong passwords from 50 addresses at most 5 password checks', async () => {
    const dev = await createDeveloper(first);
    const client = await balancedClient();
    const before = [...proxy.served];
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        signInFrom(client, freshAddress(), dev.email, 'Wr0ng!Password'),
      ),
    );
    // Both instances answered part of the burst.
    expect(proxy.served[0]).toBeGreaterThan(before[0] ?? 0);
    expect(proxy.served[1]).toBeGreaterThan(before[1] ?? 0);
    const checked = answers.filter((res) => res.status === 401);
    const refused = answers.filter((res) => res.status === 429);
    // Exactly the account's 5: the addresses were told apart, and no guess got past the count.
    expect(checked).toHaveLength(5);
    expect(checked.length + refused.length).toBe(50);
    for (const res of refused) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('lets the owner in on either instance from a browser used before, while locked to others', async () => {
    const dev = await createDeveloper(first);
    const owner = await balancedClient();
    expect((await signInFrom(owner, freshAddress(), dev.email, dev.password)).status).toBe(200);
    const attacker = await balancedClient();
    for (let i = 0; i < 5; i++) {
      await signInFrom(attacker, freshAddress(), dev.email, 'Wr0ng!Password');
    }
    expect((await signInFrom(attacker, freshAddress(), dev.email, dev.password)).status).toBe(429);
    const statuses = [];
    for (let i = 0; i < 2; i++) {
      statuses.push((await signInFrom(owner, freshAddress(), dev.email, dev.password)).status);
    }
    expect(statuses).toEqual([200, 200]);
  });
});
