import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely, Transaction } from 'kysely';
import type * as z from 'zod/mini';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { SharedTransaction } from '../db/shared-transaction.js';
import type { Database } from '../db/schema.js';
import { retryDelayMs } from './backoff.js';
import type { JobDefinition, JobPayload, JobQueue } from './job-definition.js';
import { BadPayloadError, type JobHandlers } from './job-handlers.js';
import {
  claimDueJobs,
  completeJob,
  insertJob,
  recordFailedTry,
  type ClaimedJob,
} from './jobs.repository.js';

export interface JobSettings {
  /** How often an idle worker looks for jobs enqueued by other instances. */
  readonly pollIntervalMs: number;
  /** How long a claimed job is ours; past it another worker may run it again. */
  readonly leaseMs: number;
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** Jobs run at once: a slow postback receiver must not hold up mail and other receivers. */
  readonly concurrency: number;
}

export interface JobLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface JobWorker extends JobQueue {
  /** Starts the claim loop. */
  start(): void;
  /** Runs every due job now, and waits for the loop's job in flight; resolves when none is due. */
  drain(): Promise<void>;
  /** Claims no more, lets the job in flight finish. */
  stop(): Promise<void>;
}

export interface JobWorkerDeps {
  readonly db: Db;
  /**
   * Where claims run: the app's group commit (decision 033), so a claim shares its commit
   * with the intakes and delivery records of the same moment. Absent: a claim commits alone.
   */
  readonly shared?: SharedTransaction;
  readonly clock: Clock;
  readonly handlers: JobHandlers;
  readonly settings: JobSettings;
  readonly log: JobLog;
}

const ERROR_LENGTH = 1000;

/** A handler's settle found the lease gone: its transaction must not commit. */
class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
}

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, ERROR_LENGTH);
}

/** Writes jobs in the caller's transaction; `nudge` wakes a local worker. */
export function createJobQueue(clock: Clock, nudge: () => void = () => undefined): JobQueue {
  return {
    async enqueue<S extends z.ZodMiniType>(
      trx: Transaction<Database>,
      job: JobDefinition<S>,
      payload: JobPayload<S>,
    ) {
      const now = clock.now();
      await insertJob(trx, {
        id: randomUUID(),
        kind: job.kind,
        payload: JSON.stringify(payload),
        maxAttempts: job.maxAttempts,
        runAt: now,
        createdAt: now,
      });
    },
    nudge,
  };
}

/**
 * One worker per instance: `concurrency` loops, each running one due job at a time
 * (docs/decisions/013-job-queue.md), then marking it done (or letting its handler do so in
 * its own transaction), due again after a backoff, or failed. Loops that want a job at the
 * same moment share one claim statement.
 */
export function createJobWorker(deps: JobWorkerDeps): JobWorker {
  const { db, clock, handlers, settings, log } = deps;
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let isStopping = false;
  let nudges = 0;
  /** The sleeping loops' alarms: a nudge or a stop wakes them all. */
  const wakers = new Set<() => void>();
  let loops: Promise<void>[] | undefined;
  /** Every claim and run in progress: the loop's and each drain's. */
  const running = new Set<Promise<boolean>>();

  async function execute(job: ClaimedJob): Promise<void> {
    const handler = handlers.find(job.kind);
    // Set by the handler's settle; a flag in an object, as the callback changes it.
    const handled = { isSettled: false };
    try {
      if (handler === undefined) throw new Error(`no handler for ${job.kind}`);
      await handler.run(job.payload === null ? null : JSON.parse(job.payload), {
        attempt: job.attempts,
        isLastAttempt: job.attempts >= job.maxAttempts,
        settle: async (trx) => {
          // Another worker took the job when this lease ran out: its try decides the end.
          if (!(await completeJob(trx, job.id, job.lockedBy, clock.now(), handler.isPayloadSecret)))
            throw new LeaseLostError(`lease of ${job.kind} ran out before its end`);
          handled.isSettled = true;
        },
      });
    } catch (error) {
      const message = describe(error);
      const isFinal = job.attempts >= job.maxAttempts || error instanceof BadPayloadError;
      log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, isFinal }, message);
      const now = clock.now();
      const next = isFinal ? { failedAt: now } : { runAt: now + delayAfter(job, handler) };
      await recordFailedTry(db.kysely, job.id, job.lockedBy, next, message);
      return;
    }
    if (handled.isSettled) return;
    if (!(await completeJob(db.kysely, job.id, job.lockedBy, clock.now(), handler.isPayloadSecret)))
      log.warn({ jobId: job.id, kind: job.kind }, 'lease ran out before the job ended');
  }

  function delayAfter(
    job: ClaimedJob,
    handler: { retryDelaysMs?: readonly number[] | undefined } | undefined,
  ) {
    const scheduled = handler?.retryDelaysMs?.[job.attempts - 1];
    return scheduled ?? retryDelayMs(job.attempts, settings.retryBaseMs, settings.retryMaxMs);
  }

  /** Loops waiting for a job: one claim statement serves all of them (one commit). */
  type Waiting = { resolve: (job: ClaimedJob | undefined) => void; reject: (e: unknown) => void };
  let waiting: Waiting[] = [];
  let isClaiming = false;
  /** Claims so far: each names its leases apart, as this worker's loops may outlive one. */
  let claims = 0;

  async function claimForWaiting(): Promise<void> {
    isClaiming = true;
    // The first loop to ask starts a claim; on the group commit it runs a turn later, in a
    // transaction of its own or shared, and serves every loop that asked until then (the
    // loops freed by one commit ask a few microtasks apart). Loops asking later share the
    // next one.
    while (waiting.length > 0) {
      let batch: Waiting[] = [];
      const takeWaiting = () => {
        // Taken once: a claim rolled back with its shared transaction runs again alone.
        if (batch.length === 0) [batch, waiting] = [waiting, []];
        return batch;
      };
      claims += 1;
      const holder = `${workerId}:${String(claims)}`;
      try {
        const claim = (on: Kysely<Database>) =>
          claimDueJobs(on, db.engine, holder, clock.now(), settings.leaseMs, takeWaiting().length);
        // A claim lost to a power cut only lets the job run again: it need not wait for the
        // disk (decision 035).
        const jobs = await (deps.shared === undefined
          ? claim(db.kysely)
          : deps.shared.withoutDiskSync(claim));
        batch.forEach((loop, index) => loop.resolve(jobs[index]));
      } catch (error) {
        for (const loop of takeWaiting()) loop.reject(error);
      }
    }
    isClaiming = false;
  }

  function nextJob(): Promise<ClaimedJob | undefined> {
    return new Promise((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!isClaiming) void claimForWaiting();
    });
  }

  async function claimAndRun(): Promise<boolean> {
    const job = await nextJob();
    if (job === undefined) return false;
    await execute(job);
    return true;
  }

  async function runOne(): Promise<boolean> {
    const run = claimAndRun();
    running.add(run);
    try {
      return await run;
    } finally {
      running.delete(run);
    }
  }

  function pause(ms: number): Promise<void> {
    if (isStopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      }
      wakers.add(done);
    });
  }

  async function run(): Promise<void> {
    while (!isStopping) {
      const nudgesBefore = nudges;
      let didWork = false;
      try {
        didWork = await runOne();
      } catch (error) {
        // The database is away (restart, network): try again at the next poll.
        log.error({ err: error }, 'job worker could not claim or settle a job');
      }
      if (!didWork && nudges === nudgesBefore) await pause(settings.pollIntervalMs);
    }
  }

  return {
    ...createJobQueue(clock, () => {
      nudges += 1;
      for (const wake of [...wakers]) wake();
    }),
    start() {
      loops ??= Array.from({ length: settings.concurrency }, () => run());
    },
    async drain() {
      for (;;) {
        if (await runOne()) continue;
        // Another drain (or the loop) may be running the job this one waits for.
        if (running.size === 0) return;
        await Promise.allSettled([...running]);
      }
    },
    async stop() {
      isStopping = true;
      for (const wake of [...wakers]) wake();
      await Promise.all(loops ?? []);
    },
  };
}
