import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { AuthEvents } from '../auth/auth-events.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { createAuthMetrics } from './auth-metrics.js';
import {
  collectJobQueue,
  collectPendingProofs,
  collectPoolUse,
  type Collector,
} from './collectors.js';

/** Read at every scrape; a new subject adds its collector here. */
const COLLECTORS: readonly Collector[] = [collectPendingProofs, collectPoolUse, collectJobQueue];

/** Requests the not-found handler answered (web app pages, unknown paths): no route pattern. */
const FALLBACK_ROUTE = '(fallback)';

function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? FALLBACK_ROUTE;
}

export interface Metrics {
  /** One per app: tests build several apps in one process. */
  readonly registry: Registry;
  readonly auth: AuthEvents;
  /** Counts a request the per-IP rate limit refused, by its route pattern. */
  readonly rateLimitRefused: (request: FastifyRequest) => void;
}

/** Every series of the portal on a registry of its own, with Node's process metrics. */
export function createMetrics(db: Db, clock: Clock): Metrics {
  const registry = new Registry();
  // Default metrics carry the event-loop lag (nodejs_eventloop_lag_*), heap and CPU.
  collectDefaultMetrics({ register: registry });
  for (const collect of COLLECTORS) collect({ registry, db, clock });
  const refusals = new Counter({
    name: 'portal_rate_limit_refusals_total',
    help: 'Requests refused by the per-IP rate limit, by route',
    labelNames: ['route'],
    registers: [registry],
  });
  return {
    registry,
    auth: createAuthMetrics(registry),
    rateLimitRefused: (request) => refusals.inc({ route: routeOf(request) }),
  };
}

/**
 * Counts every answer and its time by method, route pattern (never the raw URL: one series
 * per route, whatever the ids in the path) and status.
 */
export function registerRequestMetrics(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames,
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from request to answer, by method, route and status',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: routeOf(request),
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    seconds.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
