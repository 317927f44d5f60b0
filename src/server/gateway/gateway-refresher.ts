import type { Kysely } from 'kysely';
import { GatewayLimits } from '../../contract/gateway.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import type { GatewayState } from './gateway-state.js';
import {
  applicationsNamedBy,
  gatewayChangesAfter,
  latestGatewayChange,
  loadGatewayRows,
  oldestGatewayChange,
} from './gateway.repository.js';

export interface GatewayRefresherDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly state: GatewayState;
  /** How often the change log is read. */
  readonly intervalMs: number;
  readonly log: { warn(details: object, message: string): void };
}

const CHANGES_PER_READ = 1000;
/**
 * A missing sequence number is a transaction that took it and has not committed yet (or
 * rolled back): the cursor waits this long for it before it moves past.
 */
const GAP_WAIT_MS = 10_000;

/**
 * Keeps the in-memory state current: one full load at start, then the change log's rows
 * after a cursor, each reloading the applications it names (docs/decisions/053).
 */
export function createGatewayRefresher(deps: GatewayRefresherDeps) {
  const { db, clock, state } = deps;
  let cursor = 0;
  const appliedAbove = new Set<number>();
  const gapSeenAt = new Map<number, number>();
  let lastGoodAt: number | null = null;
  let isFailing = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let isWakeQueued = false;

  /**
   * A token ended by the daily logout stays known for a while, so a late call hears
   * `token_expired` rather than `token_unknown`.
   */
  const tokensEndAfter = () => clock.now() - GatewayLimits.endedTokensKeptMs;

  async function loadAll() {
    const latest = await latestGatewayChange(db);
    const rows = await loadGatewayRows(db, { tokensEndAfter: tokensEndAfter() });
    state.clear();
    state.replace([], rows);
    cursor = latest;
    appliedAbove.clear();
    gapSeenAt.clear();
  }

  function advanceCursor(highest: number, now: number) {
    for (let seq = cursor + 1; seq < highest; seq += 1) {
      if (!appliedAbove.has(seq) && !gapSeenAt.has(seq)) gapSeenAt.set(seq, now);
    }
    for (;;) {
      const next = cursor + 1;
      const gapSince = gapSeenAt.get(next);
      if (appliedAbove.delete(next)) cursor = next;
      else if (gapSince !== undefined && now - gapSince >= GAP_WAIT_MS) {
        gapSeenAt.delete(next);
        cursor = next;
      } else return;
    }
  }

  /** Rows after the cursor were purged before this instance read them: all is read again. */
  async function isPurgedPastCursor(firstSeq: number) {
    return firstSeq > cursor + 1 && (await oldestGatewayChange(db)) > cursor + 1;
  }

  async function readChanges() {
    const read = await gatewayChangesAfter(db, cursor, CHANGES_PER_READ);
    const first = read[0];
    if (first !== undefined && (await isPurgedPastCursor(first.seq))) {
      await loadAll();
      return;
    }
    const changes = read.filter((change) => !appliedAbove.has(change.seq));
    if (changes.length === 0) return;
    const ids = await applicationsNamedBy(db, changes);
    state.replace(ids, await loadGatewayRows(db, { ids, tokensEndAfter: tokensEndAfter() }));
    for (const change of changes) appliedAbove.add(change.seq);
    advanceCursor(changes.at(-1)?.seq ?? cursor, clock.now());
  }

  async function refresh() {
    try {
      await readChanges();
      state.forgetTokensEndedBy(tokensEndAfter());
      lastGoodAt = clock.now();
      isFailing = false;
    } catch (error) {
      if (!isFailing) deps.log.warn({ err: error }, 'gateway state: the change log is unreadable');
      isFailing = true;
    }
  }

  function tick() {
    running = refresh().finally(() => {
      if (timer !== undefined) timer = setTimeout(tick, deps.intervalMs).unref();
    });
  }

  return {
    /** The first load: the check answers nothing before it. */
    async start() {
      await loadAll();
      lastGoodAt = clock.now();
      timer = setTimeout(tick, deps.intervalMs).unref();
    },

    /** Reads the change log now (another instance or this one wrote). */
    async refreshNow() {
      await running;
      running = refresh();
      await running;
    },

    /** A change was announced (the change feed): read the log once the read under way ends. */
    wake() {
      if (timer === undefined || isWakeQueued) return;
      isWakeQueued = true;
      running = running.then(() => {
        isWakeQueued = false;
        return refresh();
      });
    },

    /** Milliseconds since the change log was last read. */
    ageMs(): number {
      return lastGoodAt === null ? 0 : clock.now() - lastGoodAt;
    },

    /** Milliseconds since the state was last known current, or null while it is. */
    staleForMs(): number | null {
      if (!isFailing || lastGoodAt === null) return null;
      return clock.now() - lastGoodAt;
    },

    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type GatewayRefresher = ReturnType<typeof createGatewayRefresher>;
