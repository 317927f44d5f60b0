import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { Messages } from '../../contract/messages.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError, type ErrorCode } from '../errors.js';
import { GENERIC_SERVER_ERROR } from '../http/error-handler.js';
import { databaseStore } from '../limits/database-store.js';
import type { Kysely } from 'kysely';

/** A 429 (or 503) that tells the client when to come back (`Retry-After`, in seconds). */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code: ErrorCode = 'rate_limited',
  ) {
    super(code, message);
  }
}

export function secondsUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

const MINUTE_MS = 60_000;
const RETRY_AFTER_STORE_FAILURE_SECONDS = 5;

/**
 * Per-IP limits on the unauthenticated account calls. The counters live in the
 * database, so the limit holds in total across instances (docs/decisions/014).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  deps: { readonly db: Kysely<Database>; readonly clock: Clock },
  onRefused: (request: FastifyRequest) => void,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    onExceeded: onRefused,
    store: databaseStore({
      ...deps,
      log: app.log,
      unavailable: () =>
        // The client gets the generic 5xx text; the store has logged the cause.
        new RetryLaterError(GENERIC_SERVER_ERROR, RETRY_AFTER_STORE_FAILURE_SECONDS, 'unavailable'),
    }),
    errorResponseBuilder: (_request, context) => {
      const seconds = secondsUntil(context.ttl);
      return new RetryLaterError(Messages.auth.tooManyRequests(seconds), seconds);
    },
  });
  // Runs before the error handler: every RetryLaterError carries its Retry-After.
  app.addHook('onError', (_request, reply, error, done) => {
    if (error instanceof RetryLaterError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    done();
  });
}

/** The route option that applies the per-IP limit of `RATE_LIMIT_PER_MINUTE`. */
export function perIpLimit(maxPerMinute: number): FastifyContextConfig {
  return { rateLimit: { max: maxPerMinute, timeWindow: MINUTE_MS, keyGenerator: routeAndClient } };
}

/** One counter per route and client (IPv6 clients by their /64, as the plugin does). */
function routeAndClient(request: FastifyRequest): string {
  return `${request.routeOptions.url ?? ''} ${normalizeIP(request.ip)}`;
}
