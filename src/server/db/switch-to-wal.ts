import SqliteDatabase from 'better-sqlite3';

const RETRY_PAUSE_MS = { least: 5, most: 50 };

function isBusy(error: unknown): boolean {
  return error instanceof SqliteDatabase.SqliteError && error.code === 'SQLITE_BUSY';
}

function pauseSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Puts the file in WAL mode. Two processes opening one fresh file can both be inside the
 * switch at once, each holding a read lock and wanting the write lock; SQLite then answers
 * one of them SQLITE_BUSY at once, without its busy handler, which would wait forever. That
 * one lets go of its lock, pauses a random moment and tries again, for up to `timeoutMs`.
 */
export function switchToWal(file: SqliteDatabase.Database, timeoutMs: number): void {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      file.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      const { least, most } = RETRY_PAUSE_MS;
      pauseSync(least + Math.random() * (most - least));
    }
  }
}
