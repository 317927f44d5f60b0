import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../src/contract/api-paths.js';
import { Messages } from '../src/contract/messages.js';
import { createDeveloper, primedClient, uniqueEmail } from '../test/support/accounts.js';
import { freshAddress, signInFrom } from '../test/support/sign-in.js';
import { startTestApp, type TestApp } from '../test/support/test-app.js';

// An unknown e-mail must not answer faster or slower than a known one (docs/product.md
// section 3): a wall-clock ratio, too noisy for the shared machines of `npm test`, so it
// runs with the other budgets (docs/decisions/018-bench-method.md).
let t: TestApp;

beforeAll(async () => {
  // One trusted proxy hop: each sign-in names a fresh client address in X-Forwarded-For.
  t = await startTestApp({ env: { TRUST_PROXY: '1' } });
}, 60_000);

afterAll(async () => {
  await t.close();
});

/** The middle value of an odd count. */
function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
}

describe('answer times that must not tell whether an address is known', () => {
  it('sign-in takes about as long for an unknown e-mail as for a wrong password', async () => {
    const dev = await createDeveloper(t);
    const client = await primedClient(t);
    const timed = async (email: string) => {
      const start = performance.now();
      await signInFrom(client, freshAddress(), email, 'Wr0ng!Password');
      return performance.now() - start;
    };
    await timed(uniqueEmail());
    const wrong: number[] = [];
    const unknown: number[] = [];
    // Interleaved, and fewer than 5 wrong passwords, so the account does not lock.
    for (let i = 0; i < 4; i++) {
      wrong.push(await timed(dev.email));
      unknown.push(await timed(uniqueEmail()));
    }
    await t.db.kysely
      .updateTable('developers')
      .set({ failedSignIns: 0 })
      .where('id', '=', dev.id)
      .execute();
    wrong.push(await timed(dev.email));
    unknown.push(await timed(uniqueEmail()));
    const ratio = median(unknown) / median(wrong);
    console.log(`sign-in, unknown / wrong password, median of 5: ${ratio.toFixed(2)} (1/3 to 3)`);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  }, 60_000);

  it('forgot-password takes about as long for an unknown address as for a known one', async () => {
    const dev = await createDeveloper(t);
    const client = await primedClient(t);
    const timed = async (email: string) => {
      const start = performance.now();
      const res = await client.json('POST', ApiPaths.forgotPassword, { json: { email } });
      const ms = performance.now() - start;
      expect(res.body).toEqual({ status: 'success', message: Messages.auth.codeSent });
      // The queued work (a code and its mail for the known address) runs outside the timing.
      await t.drainJobs();
      // Past the hourly send limit of the address (5), which would answer 429.
      t.clock.advance(12 * 60_000);
      return ms;
    };
    await timed(uniqueEmail());
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i++) {
      known.push(await timed(dev.email));
      unknown.push(await timed(uniqueEmail()));
    }
    const ratio = median(unknown) / median(known);
    console.log(`forgot-password, unknown / known, median of 9: ${ratio.toFixed(2)} (0.4 to 2.5)`);
    expect(ratio).toBeGreaterThan(1 / 2.5);
    expect(ratio).toBeLessThan(2.5);
  }, 60_000);
});
