import type { Application } from '../../contract/apps.js';
import type { Clock } from '../clock.js';

/**
 * A developer's list of applications, as sent, under the `apps_version` it was read at
 * (raised by triggers on every change: migration 0006). Any instance serves a cached list
 * only while the version in the database is the one it was read at, so a change made
 * through another instance shows at once. Entries also age out (`ttlMs`): the list carries
 * signed document links, which expire; and no entry outlives an old key's grace period,
 * which ends without a write.
 */
export interface ListCache {
  get(developerId: string, version: number): CachedList | undefined;
  set(developerId: string, version: number, list: CachedList, until?: number): void;
}

/** The applications as built, and the list's answer as JSON text. */
export interface CachedList {
  readonly apps: readonly Application[];
  readonly body: string;
}

interface Entry {
  readonly version: number;
  readonly list: CachedList;
  readonly until: number;
}

export function createListCache(clock: Clock, maxEntries: number, ttlMs: number): ListCache {
  const entries = new Map<string, Entry>();
  return {
    get(developerId, version) {
      const entry = entries.get(developerId);
      if (entry === undefined) return undefined;
      if (entry.version !== version || clock.now() >= entry.until) {
        entries.delete(developerId);
        return undefined;
      }
      return entry.list;
    },
    set(developerId, version, list, until = Infinity) {
      entries.delete(developerId);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done !== true) entries.delete(oldest.value);
      }
      entries.set(developerId, { version, list, until: Math.min(until, clock.now() + ttlMs) });
    },
  };
}

const MAX_CACHED_DEVELOPERS = 10_000;
/** Well inside the 15 minutes a document link lives: a cached list hands out fresh links. */
const CACHE_TTL_MS = 60_000;

/**
 * A developer's applications, for `GET /api/v1/apps` and `GET /api/v1/app/{id}`: from the
 * cache while the developer's `apps_version` (read by `authenticate`, before any
 * application is read) stands, else listed anew. A change landing between the two reads
 * only makes the next call list again.
 */
export function cachedAppList(
  clock: Clock,
  list: (developerId: string) => Promise<Application[]>,
): (developerId: string, version: number) => Promise<CachedList> {
  const cache = createListCache(clock, MAX_CACHED_DEVELOPERS, CACHE_TTL_MS);
  return async (developerId, version) => {
    const cached = cache.get(developerId, version);
    if (cached !== undefined) return cached;
    const apps = await list(developerId);
    const fresh = { apps, body: JSON.stringify(apps) };
    cache.set(developerId, version, fresh, firstKeyExpiry(apps));
    return fresh;
  };
}

/** When the first old key in the list stops working (Infinity when none will). */
function firstKeyExpiry(apps: readonly Application[]): number {
  const ends = apps.flatMap((app) =>
    app.keys.flatMap((key) => (key.expiresAt === null ? [] : [Date.parse(key.expiresAt)])),
  );
  return Math.min(Infinity, ...ends);
}
