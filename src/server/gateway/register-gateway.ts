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
 * from the change log, the check's listener and the JSON variant on the main port.
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
  const check = countedCheck(
    createGatewayCheck({
      state,
      clock: deps.clock,
      lookupHash: (key) => deps.keyCrypto.lookupHash(key),
      staleForMs,
      staleMaxMs: deps.settings.staleMaxMs,
    }),
    deps.registry,
    staleForMs,
  );
  // Before the check's listener opens (registered after this hook): it answers from memory.
  app.addHook('onReady', () => refresher.start());
  app.addHook('onClose', () => refresher.stop());
  registerGatewayListener(app, check, deps.settings);
  registerAuthorizeRoute(app, check, deps.serviceTokenHashes);
  return refresher;
}
