import { SqliteAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/** Runs `work` in a transaction it may share with other work: one commit for all of them. */
export type SharedTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;

interface Waiting {
  readonly work: (trx: Transaction<Database>) => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** Work items that share one transaction at most: a bound on how long one commit waits. */
const MAX_SHARED = 32;

/**
 * Group commit on SQLite (docs/decisions/033-group-commit.md): works that arrive in the same turn of
 * the event loop, or while a transaction is running, run one after another in one
 * transaction, committed once. On SQLite every commit waits for the disk on the
 * event loop, so a burst of writes pays one sync instead of one each; every result is
 * still durable before its caller hears of it. If the shared transaction fails, each of
 * its works runs again alone, so one failing work fails only its own caller. A work must
 * therefore touch nothing but `trx` (it may run twice; the first run is rolled back).
 */
export function createSharedTransaction(db: Kysely<Database>): SharedTransaction {
  // PostgreSQL commits do not hold the event loop, and its pool runs transactions side by
  // side: there each work keeps a transaction of its own.
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    return (work) => db.transaction().execute(work);
  }
  let queue: Waiting[] = [];
  let isRunning = false;

  async function runAlone(item: Waiting): Promise<void> {
    try {
      item.resolve(await db.transaction().execute(item.work));
    } catch (error) {
      item.reject(error);
    }
  }

  async function runShared(batch: readonly Waiting[]): Promise<void> {
    let results: unknown[];
    try {
      results = await db.transaction().execute(async (trx) => {
        const out: unknown[] = [];
        for (const item of batch) out.push(await item.work(trx));
        return out;
      });
    } catch {
      for (const item of batch) await runAlone(item);
      return;
    }
    batch.forEach((item, index) => item.resolve(results[index]));
  }

  async function runQueue(): Promise<void> {
    isRunning = true;
    // better-sqlite3 runs a whole transaction, commit and sync included, without yielding to
    // I/O: works started by the requests and answers read in this turn would each get their
    // own commit. One turn's wait lets them all join the first.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_SHARED);
      queue = queue.slice(MAX_SHARED);
      const [only] = batch;
      if (batch.length === 1 && only !== undefined) await runAlone(only);
      else await runShared(batch);
    }
    isRunning = false;
  }

  return <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: (value) => resolve(value as T), reject });
      if (!isRunning) void runQueue();
    });
}
