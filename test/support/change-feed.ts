import type { ChangeChannel, ChangeFeed } from '../../src/server/db/change-feed.js';
import type { TestApp } from './test-app.js';

/** Every payload `feed` delivers on `channel` from now on, and a wait for the n-th of them. */
export function collectPayloads(feed: ChangeFeed, channel: ChangeChannel) {
  const payloads: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const stop = feed.subscribe(channel, (payload) => {
    payloads.push(payload);
    for (const waiter of waiters.filter((w) => payloads.length >= w.count)) waiter.resolve();
  });
  return {
    payloads,
    stop,
    /** Resolves once `count` payloads have come. */
    until(count: number): Promise<void> {
      if (payloads.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
  };
}

/** Publishes `payload` on `channel` in a transaction of its own that commits. */
export function publishCommitted(
  t: TestApp,
  channel: ChangeChannel,
  payload: string,
): Promise<void> {
  return t.db.kysely
    .transaction()
    .execute((trx) => t.app.changeFeed.publish(trx, channel, payload));
}
