import rateLimit from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { Messages } from '../../contract/messages.js';
import { AppError } from '../errors.js';

/** A 429 that tells the client when to come back (the `Retry-After` header, in seconds). */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}

export function secondsUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

const MINUTE_MS = 60_000;

/**
 * Per-IP limits on the unauthenticated account calls (issue 3). The counters live in the
 * process: each instance behind a load balancer limits on its own (see docs/decisions/010).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  onRefused: (request: FastifyRequest) => void,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    onExceeded: onRefused,
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
  return { rateLimit: { max: maxPerMinute, timeWindow: MINUTE_MS } };
}
