import type { Transaction } from 'kysely';
import { MAX_CHANGE_PAYLOAD_BYTES, type ChangeChannel } from './change-feed-channels.js';
import type { FeedLog } from './change-feed-log.js';
import { markInTransaction, notify, takeCommittedMarks } from './change-feed.repository.js';
import { createChangeListeners, type ChangeListeners } from './change-listeners.js';
import type { Db } from './database.js';
import { startPostgresListener, type ReconnectDelays } from './postgres-listener.js';
import type { Database } from './schema.js';

export type { ChangeChannel } from './change-feed-channels.js';
export type { FeedLog } from './change-feed-log.js';

/**
 * Changes that every instance's in-memory state must hear of within a second
 * (docs/decisions/049-change-feed-and-revoked-sessions.md).
 */
export interface ChangeFeed {
  /** Queues `payload` on `channel` inside `trx`; every instance's listeners get it after commit. */
  publish(trx: Transaction<Database>, channel: ChangeChannel, payload: string): Promise<void>;
  /** Calls `listener` for each payload published on `channel` by any instance, this one included. */
  subscribe(channel: ChangeChannel, listener: (payload: string) => void): () => void;
  /** Called after the feed (re)connects following a gap: listeners must reload what they cache. */
  onResync(listener: () => void): () => void;
  /** Whether the feed is connected now (false while PostgreSQL is away). */
  isLive(): boolean;
  close(): Promise<void>;
}

export interface ChangeFeedDeps {
  readonly db: Db;
  /** The URL `db` was opened with on PostgreSQL; undefined on SQLite. */
  readonly databaseUrl: string | undefined;
  readonly log: FeedLog;
  readonly reconnect?: ReconnectDelays;
}

const DEFAULT_RECONNECT: ReconnectDelays = { firstMs: 100, maxMs: 5000 };

/** PostgreSQL: LISTEN/NOTIFY between the instances. SQLite: in this process (one instance). */
export function createChangeFeed(deps: ChangeFeedDeps): ChangeFeed {
  const listeners = createChangeListeners(deps.log);
  if (deps.db.engine === 'postgres') {
    if (deps.databaseUrl === undefined) throw new Error('the change feed needs the database URL');
    return postgresFeed(deps.databaseUrl, deps, listeners);
  }
  return sqliteFeed(deps, listeners);
}

function checkPayload(payload: string) {
  if (Buffer.byteLength(payload) > MAX_CHANGE_PAYLOAD_BYTES) {
    throw new Error(`a change payload is at most ${String(MAX_CHANGE_PAYLOAD_BYTES)} bytes`);
  }
}

function postgresFeed(
  databaseUrl: string,
  deps: ChangeFeedDeps,
  listeners: ChangeListeners,
): ChangeFeed {
  const listener = startPostgresListener({
    databaseUrl,
    log: deps.log,
    reconnect: deps.reconnect ?? DEFAULT_RECONNECT,
    onNotification: listeners.deliver,
    onConnected: listeners.resync,
  });
  return {
    async publish(trx, channel, payload) {
      checkPayload(payload);
      await notify(trx, channel, payload);
    },
    subscribe: listeners.subscribe,
    onResync: listeners.onResync,
    isLive: listener.isLive,
    close: listener.close,
  };
}

/**
 * The change is a row of the transaction; once the connection is free again (SQLite has one,
 * so that is after the commit or the rollback) the rows that exist are delivered. A rolled
 * back change never reaches a listener.
 */
function sqliteFeed(deps: ChangeFeedDeps, listeners: ChangeListeners): ChangeFeed {
  const db = deps.db.kysely;
  const deliveries = new Set<Promise<void>>();
  async function deliverCommitted() {
    for (const { channel, payload } of await takeCommittedMarks(db)) {
      listeners.deliver(channel, payload);
    }
  }
  return {
    async publish(trx, channel, payload) {
      checkPayload(payload);
      await markInTransaction(trx, channel, payload);
      // Not awaited: it waits for the connection this transaction holds.
      const delivery = deliverCommitted()
        .catch((error: unknown) => deps.log.error({ err: error }, 'change feed delivery failed'))
        .finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    },
    subscribe: listeners.subscribe,
    onResync: listeners.onResync,
    isLive: () => true,
    async close() {
      await Promise.all(deliveries);
    },
  };
}

/** Resolves once `feed` is connected: at once on SQLite, after the first LISTEN on PostgreSQL. */
export function untilLive(feed: ChangeFeed): Promise<void> {
  return new Promise((resolve) => {
    const stop = feed.onResync(() => {
      stop();
      resolve();
    });
    if (feed.isLive()) {
      stop();
      resolve();
    }
  });
}
