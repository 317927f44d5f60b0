import type * as z from 'zod/mini';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** A kind of background work: its name, the shape of its payload, how often it is tried. */
export interface JobDefinition<S extends z.ZodMiniType> {
  readonly kind: string;
  readonly payload: S;
  readonly maxAttempts: number;
  /** The payload holds a secret (a code in clear): erased once the job is done. */
  readonly isPayloadSecret: boolean;
}

export type JobPayload<S extends z.ZodMiniType> = z.output<S>;

/** What a feature needs to start background work. */
export interface JobQueue {
  /** Writes the job in the caller's transaction: it exists exactly when the change commits. */
  enqueue<S extends z.ZodMiniType>(
    trx: Transaction<Database>,
    job: JobDefinition<S>,
    payload: JobPayload<S>,
  ): Promise<void>;
  /** Tells the local worker a committed job is waiting, so it need not wait for its poll. */
  nudge(): void;
}
