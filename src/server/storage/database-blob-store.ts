import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { BlobStore } from './blob-store.js';
import * as repo from './blobs.repository.js';

/** The default: bytes in the `blobs` table, in the same transaction as the rows naming them. */
export function createDatabaseBlobStore(db: Db, clock: Clock): BlobStore {
  return {
    backend: 'database',
    begin(trx) {
      return {
        async put(ref, bytes) {
          if (ref.kind === 'logos') await repo.lockIcons(trx, db.engine);
          await repo.insertBlob(trx, ref, bytes, clock.now());
        },
        async remove(ref) {
          if (ref.kind === 'logos') await repo.lockIcons(trx, db.engine);
          if (!(await repo.isBlobReferenced(trx, ref))) await repo.deleteBlob(trx, ref);
        },
        committed: () => Promise.resolve(),
        rolledBack: () => Promise.resolve(),
      };
    },
    read: (ref) => repo.readBlob(db.kysely, ref),
    keysStoredBefore: (kind, before) => repo.blobKeysBefore(db.kysely, kind, before),
  };
}
