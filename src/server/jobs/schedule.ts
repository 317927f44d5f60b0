import type { Kysely } from 'kysely';
import type * as z from 'zod/mini';
import type { Database } from '../db/schema.js';
import type { JobDefinition, JobPayload } from './job-definition.js';
import { insertJobOnce } from './jobs.repository.js';

/**
 * Queues the run of a periodic job for the period after `now`, once for all instances: the
 * id names the kind and the period, so every instance writes the same row and only the
 * first insert counts; the queue's claim then runs it exactly once.
 */
export async function schedulePeriodic<S extends z.ZodMiniType>(
  db: Kysely<Database>,
  job: JobDefinition<S>,
  payload: JobPayload<S>,
  periodMs: number,
  now: number,
): Promise<void> {
  const period = Math.floor(now / periodMs) + 1;
  await insertJobOnce(db, {
    id: `${job.kind}:${String(period)}`,
    kind: job.kind,
    payload: JSON.stringify(payload),
    maxAttempts: job.maxAttempts,
    runAt: period * periodMs,
    createdAt: now,
  });
}
