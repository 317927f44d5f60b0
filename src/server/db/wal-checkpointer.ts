import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How often the thread checkpoints. A checkpoint with nothing new in the log reads SQLite's
 * shared index and ends, without touching the disk.
 */
const CHECKPOINT_EVERY_MS = 200;

/**
 * The log's length at which the portal's own connection checkpoints on the event loop, as
 * SQLite does by default at 1,000 pages: only if the thread has stopped (decision 075).
 */
export const BACKSTOP_PAGES = 10_000;

/**
 * A connection of its own on a worker thread, running `wal_checkpoint(PASSIVE)`: it copies
 * the committed pages of the write-ahead log into the database file and syncs them without
 * taking the write lock, so the portal's connection keeps writing meanwhile.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlitePath);
const file = new Database(workerData.file);
file.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try { file.pragma('wal_checkpoint(PASSIVE)'); } catch {}
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  file.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** Ends the thread once its checkpoint in progress, if any, is done. */
  stop(): Promise<void>;
}

/**
 * Checkpoints the SQLite file's write-ahead log off the event loop (docs/decisions/075-wal-checkpoint-thread.md).
 * SQLite's automatic checkpoint runs inside a commit, with two `fdatasync`s, on whichever
 * thread commits: the event loop.
 */
export function startWalCheckpointer(file: string): WalCheckpointer {
  const sqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { sqlitePath, file, everyMs: CHECKPOINT_EVERY_MS },
  });
  // It must not keep a finished process (a CLI, a test) alive; a thread that fails leaves
  // the checkpoints to the backstop.
  worker.unref();
  worker.on('error', () => undefined);
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  return {
    async stop() {
      // Held until the thread has closed its connection: the caller awaits that.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
