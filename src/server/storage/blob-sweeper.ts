import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { inBlobTransaction, type BlobKind, type BlobStore } from './blob-store.js';
import { referencedKeys } from './blobs.repository.js';
import type { StorageLog } from './s3-blob-store.js';

export interface SweepDeps {
  readonly db: Db;
  readonly store: BlobStore;
  readonly clock: Clock;
  readonly graceMs: number;
}

const KINDS: readonly BlobKind[] = ['logos', 'documents'];

/**
 * Deletes blobs no row names once they are older than the grace period (a younger one may
 * belong to a transaction still running). Safe in every instance at once: each removal
 * checks the references again, and deleting twice is harmless. Answers how many it tried.
 */
export async function sweepOrphanBlobs(deps: SweepDeps): Promise<number> {
  const before = deps.clock.now() - deps.graceMs;
  let candidates = 0;
  for (const kind of KINDS) {
    const keys = await deps.store.keysStoredBefore(kind, before);
    const kept = await referencedKeys(deps.db.kysely, kind, keys);
    for (const key of keys.filter((candidate) => !kept.has(candidate))) {
      candidates += 1;
      await inBlobTransaction(deps.db.kysely, deps.store, (_trx, blobs) =>
        blobs.remove({ kind, key }),
      );
    }
  }
  return candidates;
}

/** Sweeps every `intervalMs` until stopped; a failed sweep is logged and tried next time. */
export function startBlobSweeper(deps: SweepDeps & { intervalMs: number; log: StorageLog }) {
  const timer = setInterval(() => {
    sweepOrphanBlobs(deps).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'blob sweep failed');
    });
  }, deps.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
