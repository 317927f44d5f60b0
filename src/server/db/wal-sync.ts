import { open, type FileHandle } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Makes SQLite's committed writes durable without holding the event loop. */
export interface WalSync {
  /** Resolves once every commit made before the call is on disk. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** The write-ahead log of the main database: `<file>-wal` (journal_mode=WAL, database.ts). */
export async function walFileOf(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{
    name: string;
    file: string;
  }>`select name, file from pragma_database_list`.execute(db);
  const main = rows.find((row) => row.name === 'main');
  if (main === undefined || main.file === '') throw new Error('no database file');
  return `${main.file}-wal`;
}

/**
 * fdatasync of the WAL file on libuv's thread pool (docs/decisions/035-wal-sync-off-the-loop.md).
 * A commit at synchronous=NORMAL has written its frames to the WAL; syncing that file is
 * what synchronous=FULL would have done inside the commit, on the event loop. The log is
 * written in order, so one sync covers every commit before it: calls that arrive while a
 * sync runs share the next one, which starts when it ends.
 */
export function createWalSync(db: Kysely<Database>): WalSync {
  let handle: Promise<FileHandle> | undefined;
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let isClosed = false;

  async function syncOnce(): Promise<void> {
    if (isClosed) {
      const once = await open(await walFileOf(db), 'r');
      try {
        await once.datasync();
      } finally {
        await once.close();
      }
      return;
    }
    if (handle === undefined) {
      const opening = walFileOf(db).then((file) => open(file, 'r'));
      handle = opening;
      // A failed open is tried again by the next sync.
      opening.catch(() => {
        if (handle === opening) handle = undefined;
      });
    }
    await (await handle).datasync();
  }

  function sync(): Promise<void> {
    if (running === undefined) {
      running = syncOnce().finally(() => {
        running = undefined;
      });
      return running;
    }
    // The sync in flight may have started before this caller's commit: it waits for the next.
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return sync();
      });
    return queued;
  }

  return {
    sync,
    async close() {
      isClosed = true;
      await Promise.allSettled([running, queued]);
      const opened = handle;
      handle = undefined;
      if (opened !== undefined) await (await opened.catch(() => undefined))?.close();
    },
  };
}
