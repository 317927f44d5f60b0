import { systemClock } from '../src/server/clock.js';
import { loadConfig } from '../src/server/config.js';
import type { Db } from '../src/server/db/database.js';
import type { BlobKind } from '../src/server/db/schema.js';
import { createBlobStore } from '../src/server/storage/create-blob-store.js';
import type { BlobKeys } from './checks.js';

const KINDS: readonly BlobKind[] = ['logos', 'documents'];
const quiet = { info: () => undefined, warn: () => undefined };

/** Every stored blob's key, read through the store the portal is configured with. */
export function storedBlobKeys(env: Record<string, string>, db: Db): BlobKeys {
  const store = createBlobStore(loadConfig(env), db, systemClock, quiet);
  return async () => {
    const keys = new Set<string>();
    for (const kind of KINDS) {
      for (const key of await store.keysStoredBefore(kind, Number.MAX_SAFE_INTEGER)) keys.add(key);
    }
    return keys;
  };
}
