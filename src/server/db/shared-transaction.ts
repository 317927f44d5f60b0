import { SqliteAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import { createWalSync, type WalSync } from './wal-sync.js';
import { withoutDiskSync } from './without-disk-sync.js';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

/** Runs a work in a transaction it may share with other work: one commit for all of them. */
export interface SharedTransaction {
  /** Resolves once the commit is on disk: it survives a crash and a power cut. */
  <T>(work: Work<T>): Promise<T>;
  /**
   * Resolves at the commit, before the disk has it: a crash of the process loses nothing, a
   * power cut may lose it. For writes whose loss only repeats work (a claim, a delivery's
   * record: decision 035).
   */
  readonly withoutDiskSync: <T>(work: Work<T>) => Promise<T>;
  /** Lets go of the file it syncs; works asked for later still sync. */
  close(): Promise<void>;
}

interface Waiting {
  readonly work: Work<unknown>;
  readonly isDurable: boolean;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** Work items that share one transaction at most: a bound on how long one commit waits. */
const MAX_SHARED = 32;

/**
 * Group commit on SQLite (docs/decisions/033-group-commit.md): works that arrive in the same turn of
 * the event loop, or while a transaction is running, run one after another in one
 * transaction, committed once. The commit itself does not wait for the disk
 * (synchronous=NORMAL on the connection while it runs); the write-ahead log is then synced
 * on a thread of its own, and the durable works' callers hear of their result after that
 * (decision 035): the event loop never waits for the disk here. If the shared transaction
 * fails, each of its works runs again alone, so one failing work fails only its own caller.
 * A work must therefore touch nothing but `trx` (it may run twice; the first run is rolled
 * back).
 */
export function createSharedTransaction(
  db: Kysely<Database>,
  wal: WalSync = createWalSync(db),
): SharedTransaction {
  // PostgreSQL commits do not hold the event loop, and its pool runs transactions side by
  // side: there each work keeps a transaction of its own.
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    const alone = <T>(work: Work<T>) => db.transaction().execute(work);
    return Object.assign(alone, { withoutDiskSync: alone, close: () => Promise.resolve() });
  }
  let queue: Waiting[] = [];
  let isRunning = false;

  /** One transaction, committed without waiting for the disk. */
  const commitUnsynced = <R>(run: (trx: Transaction<Database>) => Promise<R>) =>
    withoutDiskSync(db, (connection) => connection.transaction().execute(run));

  /** Durable works wait for the log's sync; the others have their answer at the commit. */
  async function settle(batch: readonly Waiting[], results: readonly unknown[]): Promise<void> {
    batch.forEach((item, index) => {
      if (!item.isDurable) item.resolve(results[index]);
    });
    const durable = batch.flatMap((item, index) => (item.isDurable ? [{ item, index }] : []));
    if (durable.length === 0) return;
    try {
      await wal.sync();
    } catch (error) {
      for (const { item } of durable) item.reject(error);
      return;
    }
    for (const { item, index } of durable) item.resolve(results[index]);
  }

  async function runAlone(item: Waiting): Promise<void> {
    let result: unknown;
    try {
      result = await commitUnsynced(item.work);
    } catch (error) {
      item.reject(error);
      return;
    }
    void settle([item], [result]);
  }

  async function runShared(batch: readonly Waiting[]): Promise<void> {
    let results: unknown[];
    try {
      results = await commitUnsynced(async (trx) => {
        const out: unknown[] = [];
        for (const item of batch) out.push(await item.work(trx));
        return out;
      });
    } catch {
      for (const item of batch) await runAlone(item);
      return;
    }
    void settle(batch, results);
  }

  async function runQueue(): Promise<void> {
    isRunning = true;
    // better-sqlite3 runs a whole transaction, commit included, without yielding to I/O:
    // works started by the requests and answers read in this turn would each get their own
    // commit. One turn's wait lets them all join the first.
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

  const enqueue =
    (isDurable: boolean) =>
    <T>(work: Work<T>) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ work, isDurable, resolve: (value) => resolve(value as T), reject });
        if (!isRunning) void runQueue();
      });

  return Object.assign(enqueue(true), {
    withoutDiskSync: enqueue(false),
    close: () => wal.close(),
  });
}
