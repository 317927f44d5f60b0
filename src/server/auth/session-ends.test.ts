import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/support/test-app.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { createSessionEnds } from './session-ends.js';
import { TokenRules } from './tokens.js';

/** A change feed the test drives: its connection, its deliveries and its resyncs. */
function fakeFeed(isLive: boolean) {
  const listeners: ((payload: string) => void)[] = [];
  const resyncs: (() => void)[] = [];
  const state = { isLive };
  const feed: ChangeFeed = {
    publish: () => Promise.resolve(),
    subscribe: (_channel, listener) => {
      listeners.push(listener);
      return () => undefined;
    },
    onResync: (listener) => {
      resyncs.push(listener);
      return () => undefined;
    },
    isLive: () => state.isLive,
    close: () => Promise.resolve(),
  };
  return {
    feed,
    deliver: (payload: string) => listeners.forEach((listener) => listener(payload)),
    connect() {
      state.isLive = true;
      resyncs.forEach((listener) => listener());
    },
    drop() {
      state.isLive = false;
    },
  };
}

/** The database side: ended sessions it holds, loads the test releases, questions counted. */
function fakeDatabase(ended: string[]) {
  const loads: { since: number; release: () => void; fail: () => void }[] = [];
  const errors: string[] = [];
  let reads = 0;
  return {
    loads,
    errors,
    reads: () => reads,
    deps: {
      endedSince: (since: number) =>
        new Promise<{ sessionId: string; endedAt: number }[]>((resolve, reject) => {
          loads.push({
            since,
            release: () => resolve(ended.map((sessionId) => ({ sessionId, endedAt: since + 1 }))),
            fail: () => reject(new Error('database away')),
          });
        }),
      isEndedInDatabase: (sessionId: string) => {
        reads += 1;
        return Promise.resolve(ended.includes(sessionId));
      },
      log: { error: (_details: Record<string, unknown>, message: string) => errors.push(message) },
    },
  };
}

/** Lets the load's promise chain run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Connected, and its first load (of no ended session) done. */
async function loadedWithNoEnds() {
  const clock = new TestClock();
  const feed = fakeFeed(true);
  const database = fakeDatabase([]);
  const ends = createSessionEnds({ feed: feed.feed, clock, ...database.deps });
  database.loads[0]?.release();
  await settle();
  return { clock, feed, database, ends };
}

describe('ended sessions in memory', () => {
  it('asks the database while the feed is down, and the memory once it is connected and loaded', async () => {
    const clock = new TestClock();
    const feed = fakeFeed(false);
    const database = fakeDatabase(['ended-1']);
    const ends = createSessionEnds({ feed: feed.feed, clock, ...database.deps });

    expect(await ends.isEnded('ended-1')).toBe(true);
    expect(await ends.isEnded('live-1')).toBe(false);
    expect(database.reads()).toBe(2);

    feed.connect();
    expect(database.loads).toHaveLength(1);
    // Loading: still the database.
    expect(await ends.isEnded('ended-1')).toBe(true);
    expect(database.reads()).toBe(3);
    database.loads[0]?.release();
    await settle();

    expect(await ends.isEnded('ended-1')).toBe(true);
    expect(await ends.isEnded('live-1')).toBe(false);
    expect(database.reads()).toBe(3);
    expect(database.loads[0]?.since).toBe(
      clock.now() - TokenRules.accessTtlSeconds * 1000 - 60_000,
    );
  });

  it('adds what the feed delivers, and after a gap asks the database until it has loaded again', async () => {
    const { feed, database, ends } = await loadedWithNoEnds();

    feed.deliver('ended-2');
    expect(await ends.isEnded('ended-2')).toBe(true);
    expect(database.reads()).toBe(0);

    feed.drop();
    expect(await ends.isEnded('ended-2')).toBe(false);
    expect(database.reads()).toBe(1);
    feed.connect();
    expect(await ends.isEnded('ended-2')).toBe(false);
    expect(database.reads()).toBe(2);
    database.loads[1]?.release();
    await settle();
    expect(await ends.isEnded('ended-2')).toBe(true);
    expect(database.reads()).toBe(2);
  });

  it('keeps asking the database when a load fails, and says so', async () => {
    const feed = fakeFeed(true);
    const database = fakeDatabase(['ended-3']);
    const ends = createSessionEnds({ feed: feed.feed, clock: new TestClock(), ...database.deps });
    database.loads[0]?.fail();
    await settle();

    expect(await ends.isEnded('ended-3')).toBe(true);
    expect(database.reads()).toBe(1);
    expect(database.errors).toEqual(['could not load the ended sessions']);
  });

  it('forgets a session ended longer ago than an access token lives, as later ones come', async () => {
    const { clock, feed, database, ends } = await loadedWithNoEnds();

    feed.deliver('old');
    clock.advance(TokenRules.accessTtlSeconds * 1000 + 60_000);
    feed.deliver('new');

    expect(await ends.isEnded('old')).toBe(false);
    expect(await ends.isEnded('new')).toBe(true);
    expect(database.reads()).toBe(0);
  });
});
