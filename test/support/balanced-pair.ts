import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';
import { startTestApp, type TestApp, type TestClock } from './test-app.js';

/** Two portal instances on one database and one clock, behind a round-robin balancer. */
export interface BalancedPair {
  readonly first: TestApp;
  readonly second: TestApp;
  readonly proxy: RoundRobinProxy;
  close(): Promise<void>;
}

export async function startBalancedPair(
  env: Record<string, string>,
  clock: TestClock,
): Promise<BalancedPair> {
  const first = await startTestApp({ env, clock });
  const second = await startTestApp({ env, clock, sameDatabaseAs: first });
  const proxy = await startRoundRobinProxy([first.baseUrl, second.baseUrl]);
  return {
    first,
    second,
    proxy,
    async close() {
      await proxy.close();
      await second.close();
      await first.close();
    },
  };
}
