import type { GatewayFreshnessState } from '../../contract/gateway.js';
import type { GatewayRefresher } from './gateway-refresher.js';

export interface GatewayFreshness {
  readonly state: GatewayFreshnessState;
  /** Whole seconds since the change log was last read. */
  readonly ageSeconds: number;
}

/** How current `refresher`'s state is, for `/healthz` (docs/gateway.md). */
export function freshnessOf(refresher: GatewayRefresher, staleMaxMs: number): GatewayFreshness {
  const staleMs = refresher.staleForMs();
  const ageSeconds = Math.floor(refresher.ageMs() / 1000);
  if (staleMs === null) return { state: 'fresh', ageSeconds };
  return { state: staleMs > staleMaxMs ? 'expired' : 'stale', ageSeconds };
}
