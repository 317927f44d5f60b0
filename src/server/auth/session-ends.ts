import type { Transaction } from 'kysely';
import type { Clock } from '../clock.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { Database } from '../db/schema.js';
import { createRecentSessionEnds } from './recent-session-ends.js';
import { TokenRules } from './tokens.js';

/** Instances' clocks differ a little: an ended session is remembered this much longer. */
const CLOCK_SKEW_MARGIN_MS = 60_000;
const KEEP_MS = TokenRules.accessTtlSeconds * 1000 + CLOCK_SKEW_MARGIN_MS;

export interface SessionEndsDeps {
  readonly feed: ChangeFeed;
  readonly clock: Clock;
  readonly log: { error(details: Record<string, unknown>, message: string): void };
  /** Sessions ended at or after `since`, from the database, oldest first. */
  readonly endedSince: (since: number) => Promise<{ sessionId: string; endedAt: number }[]>;
  /** Whether the session has ended, read from the database. */
  readonly isEndedInDatabase: (sessionId: string) => Promise<boolean>;
}

export interface SessionEnds {
  /** In the transaction that ends them: every instance refuses their access tokens after it commits. */
  announce(trx: Transaction<Database>, sessionIds: readonly string[]): Promise<void>;
  /** Whether the access tokens of `sessionId` are refused. */
  isEnded(sessionId: string): Promise<boolean>;
}

/**
 * Ended sessions in memory, fed by the change feed and loaded from the database at the
 * start and after each reconnection (docs/decisions/049-change-feed-and-revoked-sessions.md).
 * While the feed is down, or a load is not finished, each question goes to the database.
 */
export function createSessionEnds(deps: SessionEndsDeps): SessionEnds {
  const recent = createRecentSessionEnds(KEEP_MS);
  let loadsStarted = 0;
  let loadedUpTo = 0;

  async function reload() {
    loadsStarted += 1;
    const load = loadsStarted;
    try {
      const ended = await deps.endedSince(deps.clock.now() - KEEP_MS);
      const now = deps.clock.now();
      for (const { sessionId, endedAt } of ended) recent.add(sessionId, endedAt, now);
      loadedUpTo = Math.max(loadedUpTo, load);
    } catch (error) {
      // The next reconnection loads again; until then the database answers.
      deps.log.error({ err: error }, 'could not load the ended sessions');
    }
  }

  deps.feed.subscribe('session_revoked', (sessionId) => {
    const now = deps.clock.now();
    recent.add(sessionId, now, now);
  });
  deps.feed.onResync(() => void reload());
  if (deps.feed.isLive()) void reload();

  return {
    async announce(trx, sessionIds) {
      for (const sessionId of new Set(sessionIds)) {
        await deps.feed.publish(trx, 'session_revoked', sessionId);
      }
    },
    async isEnded(sessionId) {
      const isCurrent = deps.feed.isLive() && loadedUpTo === loadsStarted && loadsStarted > 0;
      return isCurrent ? recent.has(sessionId) : deps.isEndedInDatabase(sessionId);
    },
  };
}
