import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import type { GatewaySettings } from '../config.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { Db } from '../db/database.js';
import type { KeyCrypto } from '../keys/key-crypto.js';
import { createAllowlist } from './gateway-allowlist.js';
import { createGatewayCheck } from './gateway-check.js';
import { freshnessOf } from './gateway-freshness.js';
import { countedCheck } from './gateway-metrics.js';
import { createGatewayRefresher } from './gateway-refresher.js';
import { createGatewayState } from './gateway-state.js';
import { createUsageCounter } from './gateway-usage.js';
import { saveUsage } from './gateway-usage.repository.js';
import { registerUsageRoute } from './gateway-usage.routes.js';
import { createUsageReader } from './gateway-usage.service.js';
import { registerAuthorizeRoute, registerGatewayListener } from './gateway.routes.js';

export interface GatewayStateDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly settings: GatewaySettings;
  readonly feed: ChangeFeed;
  readonly log: { warn(details: object, message: string): void };
}

/**
 * On PostgreSQL a change's NOTIFY wakes every instance at once (migration 0024), so the
 * log is read on a timer only as the safety net for a lost notification, this many times
 * less often (docs/decisions/056).
 */
const NOTIFIED_POLL_FACTOR = 5;

/**
 * The check's in-memory state and what keeps it current: the change log, read when the
 * change feed announces a change and on a timer (docs/decisions/053 and 056).
 */
export function openGatewayState(deps: GatewayStateDeps) {
  const state = createGatewayState();
  const isNotified = deps.db.engine === 'postgres';
  const refresher = createGatewayRefresher({
    db: deps.db.kysely,
    clock: deps.clock,
    state,
    intervalMs: deps.settings.refreshMs * (isNotified ? NOTIFIED_POLL_FACTOR : 1),
    log: deps.log,
  });
  deps.feed.subscribe('gateway_changed', () => {
    refresher.wake();
  });
  deps.feed.onResync(() => {
    refresher.wake();
  });
  return {
    state,
    refresher,
    freshness: () => freshnessOf(refresher, deps.settings.staleMaxMs),
  };
}

export type GatewayStateHolder = ReturnType<typeof openGatewayState>;

export interface GatewayDeps {
  readonly db: Db;
  readonly gateway: GatewayStateHolder;
  readonly clock: Clock;
  readonly keyCrypto: KeyCrypto;
  readonly settings: GatewaySettings;
  readonly serviceTokenHashes: readonly string[];
  readonly registry: Registry;
}

/**
 * The gateway check: its in-memory state loaded before the app is ready, the check's
 * listener and the JSON variant on the main port, and the usage it counts with the
 * developer's route that reads it.
 */
export function registerGateway(app: FastifyInstance, deps: GatewayDeps) {
  const { state, refresher } = deps.gateway;
  const staleForMs = () => refresher.staleForMs();
  const usage = createUsageCounter({
    save: (counts, addresses) => saveUsage(deps.db.kysely, counts, addresses),
    clock: deps.clock,
    flushMs: deps.settings.usageFlushMs,
    log: app.log,
  });
  const check = countedCheck(
    createGatewayCheck({
      state,
      clock: deps.clock,
      lookupHash: (key) => deps.keyCrypto.lookupHash(key),
      staleForMs,
      staleMaxMs: deps.settings.staleMaxMs,
      usage,
    }),
    deps.registry,
    refresher,
  );
  // Before the check's listener opens (registered after this hook): it answers from memory.
  app.addHook('onReady', () => refresher.start());
  app.addHook('onReady', () => {
    usage.start();
  });
  app.addHook('onClose', () => refresher.stop());
  // After the check's listener has closed (its hook registered later runs first): every
  // answer it gave is counted.
  app.addHook('onClose', () => usage.stop());
  registerGatewayListener(
    app,
    check,
    deps.settings,
    createAllowlist({ db: deps.db.kysely, engine: deps.db.engine }),
  );
  registerAuthorizeRoute(app, check, deps.serviceTokenHashes);
  registerUsageRoute(app, createUsageReader(deps.db.kysely, deps.clock));
}
