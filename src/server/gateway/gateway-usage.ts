import { UsageLimits } from '../../contract/usage.js';
import type { Clock } from '../clock.js';
import type { GatewayDecision } from './gateway-state.js';
import type { RefusedAddressRow, UsageCountRow } from './gateway-usage.repository.js';

export interface UsageCounterDeps {
  /** Adds the counts to the stored rows and saves the refused addresses (one write each). */
  readonly save: (
    counts: readonly UsageCountRow[],
    addresses: readonly RefusedAddressRow[],
  ) => Promise<void>;
  readonly clock: Clock;
  /** How often the counts are written (`GATEWAY_USAGE_FLUSH_MS`). */
  readonly flushMs: number;
  readonly log: { warn(details: object, message: string): void };
}

const MINUTE_MS = 60_000;

/**
 * The check's answers counted in memory per application, UTC minute, outcome and reason,
 * written every `flushMs` in one statement that adds to the rows (two instances count the
 * same minute), and on stop; with the last refused addresses of each application
 * (docs/decisions/055-gateway-usage-counts.md). Nothing is written per call.
 */
export function createUsageCounter(deps: UsageCounterDeps) {
  let counts = new Map<string, UsageCountRow>();
  let refused = new Map<string, Map<string, RefusedAddressRow>>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let isFailing = false;

  function add(row: UsageCountRow) {
    const id = `${row.applicationId}\n${row.minute}\n${row.outcome}\n${row.reason}`;
    const known = counts.get(id);
    counts.set(id, known === undefined ? row : { ...known, count: known.count + row.count });
  }

  /** Keeps the address's latest refusal, and at most the kept number of addresses. */
  function remember(row: RefusedAddressRow) {
    const ofApp = refused.get(row.applicationId) ?? new Map<string, RefusedAddressRow>();
    const known = ofApp.get(row.ip);
    if (known !== undefined && known.at > row.at) return;
    // Deleted first, so the map's order stays oldest first and the oldest is dropped.
    ofApp.delete(row.ip);
    ofApp.set(row.ip, row);
    if (ofApp.size > UsageLimits.refusedAddressesKept) {
      const oldest = ofApp.keys().next();
      if (oldest.done !== true) ofApp.delete(oldest.value);
    }
    refused.set(row.applicationId, ofApp);
  }

  async function write() {
    const takenCounts = counts;
    const takenRefused = refused;
    counts = new Map();
    refused = new Map();
    const addresses = [...takenRefused.values()].flatMap((ofApp) => [...ofApp.values()]);
    if (takenCounts.size === 0 && addresses.length === 0) return;
    try {
      await deps.save([...takenCounts.values()], addresses);
      isFailing = false;
    } catch (error) {
      // Kept for the next flush: the counts of a database outage are not lost.
      for (const row of takenCounts.values()) add(row);
      for (const row of addresses) remember(row);
      if (!isFailing)
        deps.log.warn({ err: error }, 'gateway usage: the counts could not be written');
      isFailing = true;
    }
  }

  function tick() {
    running = write().finally(() => {
      if (timer !== undefined) timer = setTimeout(tick, deps.flushMs).unref();
    });
  }

  return {
    /** Counts one answer of the check; a key no application has is counted by no application. */
    record(decision: GatewayDecision, ip: string | null) {
      const { applicationId } = decision;
      if (applicationId === null) return;
      const now = deps.clock.now();
      const minute = now - (now % MINUTE_MS);
      if (decision.allowed) {
        add({ applicationId, minute, outcome: 'allowed', reason: '', count: 1 });
        return;
      }
      add({ applicationId, minute, outcome: 'refused', reason: decision.reason, count: 1 });
      if (ip !== null) remember({ applicationId, ip, reason: decision.reason, at: now });
    },

    /** Writes what was counted since the last flush. */
    async flush() {
      await running;
      running = write();
      await running;
    },

    start() {
      timer = setTimeout(tick, deps.flushMs).unref();
    },

    /** Stops the timer and writes what is left: nothing counted is lost on a graceful stop. */
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
      running = write();
      await running;
    },
  };
}

export type UsageCounter = ReturnType<typeof createUsageCounter>;
