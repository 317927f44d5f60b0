import pg from 'pg';
import { CHANGE_CHANNELS, isChangeChannel, type ChangeChannel } from './change-feed-channels.js';
import type { FeedLog } from './change-feed-log.js';
import { listen } from './change-feed.repository.js';

/** Waits before reconnecting: `firstMs`, doubled after each failed try up to `maxMs`. */
export interface ReconnectDelays {
  readonly firstMs: number;
  readonly maxMs: number;
}

export interface PostgresListenerDeps {
  readonly databaseUrl: string;
  readonly log: FeedLog;
  readonly reconnect: ReconnectDelays;
  readonly onNotification: (channel: ChangeChannel, payload: string) => void;
  /** Called on every connection made, the first included: what came before it may be missed. */
  readonly onConnected: () => void;
}

/** Shown in pg_stat_activity, so an operator (and a test) can tell this connection apart. */
export const LISTENER_APPLICATION_NAME = 'portal-change-feed';

/**
 * One dedicated connection (not the pool's: a pooled connection is lent out and given back,
 * and LISTEN belongs to a session) that listens on every channel, and comes back with
 * growing waits whenever PostgreSQL drops it or cannot be reached.
 */
export function startPostgresListener(deps: PostgresListenerDeps) {
  let client: pg.Client | undefined;
  let isLive = false;
  let isClosed = false;
  let delayMs = deps.reconnect.firstMs;
  let timer: NodeJS.Timeout | undefined;

  function retryLater() {
    timer = setTimeout(() => void connect(), delayMs);
    delayMs = Math.min(delayMs * 2, deps.reconnect.maxMs);
  }

  async function connect() {
    timer = undefined;
    if (isClosed) return;
    const attempt = new pg.Client({
      connectionString: deps.databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    client = attempt;
    const isCurrent = () => client === attempt;
    let hasFailed = false;
    const fail = (error: unknown) => {
      if (hasFailed || isClosed) return;
      hasFailed = true;
      if (isLive) deps.log.warn({ err: error }, 'change feed lost its connection, reconnecting');
      isLive = false;
      client = undefined;
      void attempt.end().catch(() => undefined);
      retryLater();
    };
    attempt.on('error', fail);
    attempt.on('end', () => fail(new Error('connection ended')));
    attempt.on('notification', ({ channel, payload }) => {
      if (payload !== undefined && isChangeChannel(channel)) deps.onNotification(channel, payload);
    });
    try {
      await attempt.connect();
      await listen(attempt, CHANGE_CHANNELS);
    } catch (error) {
      fail(error);
      return;
    }
    // Dropped or closed while it connected: whoever did that has moved on.
    if (!isCurrent()) return;
    isLive = true;
    delayMs = deps.reconnect.firstMs;
    deps.log.info({ channels: CHANGE_CHANNELS }, 'change feed listening');
    deps.onConnected();
  }

  void connect();
  return {
    isLive: () => isLive,
    close: async () => {
      isClosed = true;
      isLive = false;
      if (timer !== undefined) clearTimeout(timer);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
