import { hash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { MetricsSettings } from '../config.js';
import { ANSWERS_UNDER_PRESSURE } from '../http/load-shedding.js';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => hash('sha256', value, 'buffer');

/** Constant time, whatever the lengths: both sides are hashed to 32 bytes first. */
export function isBearer(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

function addMetricsRoute(server: FastifyInstance, registry: Registry, token: string | undefined) {
  server.get(METRICS_PATH, { config: ANSWERS_UNDER_PRESSURE }, async (request, reply) => {
    if (token !== undefined && !isBearer(request.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({
        status: 'error',
        code: 'unauthorized',
        message: 'Metrics need the bearer token of METRICS_TOKEN',
      });
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}

/**
 * `/metrics` is never public by default (docs/decisions/016-metrics-and-load-shedding.md):
 * with METRICS_PORT it has a listener of its own (on loopback unless METRICS_HOST says
 * otherwise), which starts and stops with the app; with only METRICS_TOKEN it is on the
 * main port behind that bearer token; with neither it does not exist.
 */
export function registerMetricsEndpoint(
  app: FastifyInstance,
  registry: Registry,
  settings: MetricsSettings,
): void {
  const { port, host, token } = settings;
  if (port === undefined) {
    if (token !== undefined) addMetricsRoute(app, registry, token);
    return;
  }
  const server = Fastify({ logger: false });
  addMetricsRoute(server, registry, token);
  // onReady, not onListen: a port in use must stop the start, not pass with a log line.
  app.addHook('onReady', async () => {
    await server.listen({ port, host });
  });
  app.addHook('onClose', async () => {
    await server.close();
  });
}
