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
  /**
   * The wait after each failed try (the first entry after the first failure), instead of
   * the queue's exponential backoff: a kind with a published schedule (postbacks).
   */
  readonly retryDelaysMs?: readonly number[];
}

/** Which try of its job a handler runs: the last one may settle the job's outcome itself. */
export interface JobTry {
  /** 1 for the first try. */
  readonly attempt: number;
  readonly isLastAttempt: boolean;
  /**
   * Marks the job done inside the handler's own transaction, so its result and the job's
   * end are one commit (docs/decisions/013-job-queue.md). The handler must let that
   * transaction's failure throw: the worker then records a failed try instead.
   */
  settle(trx: Transaction<Database>): Promise<void>;
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
