import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpClient } from '../../../test/support/http-client.js';
import { verifiedDeveloper } from '../../../test/support/portal-child.js';
import { startProcessPair, type ProcessPair } from '../../../test/support/process-pair.js';
import { freshAddress, signInFrom } from '../../../test/support/sign-in.js';

// The sign-in counts hold across instances. Two portal processes on one PostgreSQL behind
// a round-robin balancer; each trusts two proxy hops (the test's X-Forwarded-For and the
// balancer's), so every guess comes from an address of its own.

// Two processes start and migrate: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const WRONG = 'Wr0ng!Password';
let pair: ProcessPair;

beforeAll(async () => {
  pair = await startProcessPair({ TRUST_PROXY: '2' });
});

afterAll(async () => {
  await pair.close();
});

async function balancedClient() {
  const client = new HttpClient(pair.proxy.baseUrl);
  await client.prime();
  return client;
}

/** What each instance answered since `before`, a copy of the balancer's counts. */
function servedSince(before: readonly number[]) {
  return pair.proxy.served.map((count, index) => count - (before[index] ?? 0));
}

describe('sign-in counts across two instance processes on one PostgreSQL', () => {
  it('gives 50 parallel wrong passwords from 50 addresses at most 5 password checks', async () => {
    const dev = await verifiedDeveloper(pair.proxy.baseUrl);
    const client = await balancedClient();
    const before = [...pair.proxy.served];
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => signInFrom(client, freshAddress(), dev.email, WRONG)),
    );
    // Both instances answered part of the burst.
    expect(servedSince(before).every((count) => count > 0)).toBe(true);
    const checked = answers.filter((res) => res.status === 401);
    const refused = answers.filter((res) => res.status === 429);
    // Exactly the account's 5: the addresses were told apart, and no guess got past the count.
    expect(checked).toHaveLength(5);
    expect(checked.length + refused.length).toBe(50);
    for (const res of refused) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('locks the account after 5 wrong passwords split over both, yet lets the owner in on either from a browser used before', async () => {
    const dev = await verifiedDeveloper(pair.proxy.baseUrl);
    const owner = await balancedClient();
    expect((await signInFrom(owner, freshAddress(), dev.email, dev.password)).status).toBe(200);
    const attacker = await balancedClient();
    const before = [...pair.proxy.served];
    const wrong = [];
    for (let i = 0; i < 5; i++) {
      wrong.push((await signInFrom(attacker, freshAddress(), dev.email, WRONG)).status);
    }
    expect(wrong).toEqual([401, 401, 401, 401, 401]);
    // One after another through the balancer: each instance counted part of the five.
    expect(servedSince(before).every((count) => count >= 2)).toBe(true);
    const locked = [];
    for (let i = 0; i < 2; i++) {
      locked.push((await signInFrom(attacker, freshAddress(), dev.email, dev.password)).status);
    }
    expect(locked).toEqual([429, 429]);
    const statuses = [];
    for (let i = 0; i < 2; i++) {
      statuses.push((await signInFrom(owner, freshAddress(), dev.email, dev.password)).status);
    }
    expect(statuses).toEqual([200, 200]);
  });
});
