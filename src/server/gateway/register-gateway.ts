import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import type { GatewaySettings } from '../config.js';
import type { Db } from '../db/database.js';
import type { KeyCrypto } from '../keys/key-crypto.js';
import { createGatewayCheck } from './gateway-check.js';
import { countedCheck } from './gateway-metrics.js';
import { createGatewayRefresher, type GatewayRefresher } from './gateway-refresher.js';
import { createGatewayState } from './gateway-state.js';
import { createUsageCounter } from './gateway-usage.js';
import { saveUsage } from './gateway-usage.repository.js';
import { registerUsageRoute } from './gateway-usage.routes.js';
import { createUsageReader } from './gateway-usage.service.js';
import { registerAuthorizeRoute, registerGatewayListener } from './gateway.routes.js';

export interface GatewayDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly keyCrypto: KeyCrypto;
  readonly settings: GatewaySettings;
  readonly serviceTokenHashes: readonly string[];
  readonly registry: Registry;
}

/**
 * The gateway check: its in-memory state loaded before the app is ready and kept current
 * from the change log, the check's listener and the JSON variant on the main port, and the
 * usage it counts with the developer's route that reads it.
 */
export function registerGateway(app: FastifyInstance, deps: GatewayDeps): GatewayRefresher {
  const state = createGatewayState();
  const refresher = createGatewayRefresher({
    db: deps.db.kysely,
    clock: deps.clock,
    state,
    intervalMs: deps.settings.refreshMs,
    log: app.log,
  });
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
    staleForMs,
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
  registerGatewayListener(app, check, deps.settings);
  registerAuthorizeRoute(app, check, deps.serviceTokenHashes);
  registerUsageRoute(app, createUsageReader(deps.db.kysely, deps.clock));
  return refresher;
}
