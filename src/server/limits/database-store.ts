import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { countHit, deleteExpiredCounters } from './rate-limits.repository.js';

export interface DatabaseStoreDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** The error a limited call fails with when the database does not answer. */
  readonly unavailable: () => Error;
}

const SWEEP_EVERY_MS = 60_000;

/**
 * A `@fastify/rate-limit` store that keeps its counters in the database, so every instance
 * counts against one total. When the database fails, the call fails with `unavailable()`
 * instead of going unlimited (docs/decisions/014).
 */
export function databaseStore(deps: DatabaseStoreDeps): FastifyRateLimitStoreCtor {
  const { db, clock, log, unavailable } = deps;
  let nextSweepAt = 0;

  async function sweep(now: number) {
    nextSweepAt = now + SWEEP_EVERY_MS;
    try {
      await deleteExpiredCounters(db, now);
    } catch (error) {
      log.error({ err: error }, 'rate-limit sweep failed');
    }
  }

  async function hit(key: string, windowMs: number) {
    const now = clock.now();
    const counter = await countHit(db, key, now, windowMs);
    if (now >= nextSweepAt) await sweep(now);
    return { current: counter.hits, ttl: counter.resetsAt - now };
  }

  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      hit(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => {
          log.error({ err: error }, 'rate-limit store failed: refusing the call');
          callback(unavailable());
        },
      );
    }

    child() {
      return this;
    }
  };
}
