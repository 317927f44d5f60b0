import type { GatewayReason } from '../../../contract/gateway.js';
import type { UsageBucket, UsageWindow } from '../../../contract/usage.js';
import { formatTime } from '../format-time.js';

export interface UsageTotals {
  readonly allowed: number;
  readonly refused: number;
  /** The window's refusals by reason, most first. */
  readonly reasons: readonly { readonly reason: GatewayReason; readonly count: number }[];
}

/** The window's calls: allowed, refused, and the refusals by reason, most first. */
export function usageTotals(buckets: readonly UsageBucket[]): UsageTotals {
  const byReason = new Map<GatewayReason, number>();
  let allowed = 0;
  let refused = 0;
  for (const bucket of buckets) {
    allowed += bucket.allowed;
    refused += bucket.refused;
    for (const { reason, count } of bucket.reasons) {
      byReason.set(reason, (byReason.get(reason) ?? 0) + count);
    }
  }
  const reasons = [...byReason].map(([reason, count]) => ({ reason, count }));
  return { allowed, refused, reasons: reasons.sort((a, b) => b.count - a.count) };
}

/**
 * The top of the chart's scale: the first of 2, 4, 10, 20, 40, 100... at or above the
 * busiest bucket, so the middle line is a whole number too.
 */
export function scaleTop(busiest: number): number {
  for (let power = 1; ; power *= 10) {
    for (const step of [2, 4, 10]) {
      if (step * power >= busiest) return step * power;
    }
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A bucket's row in the table: its hour in the reader's zone for 24h ('26 Nov 2026, 14:00';
 * 14:30 in India), its UTC day in the portal's day format for 7d ('2026-11-26'): the server
 * counts by UTC day.
 */
export function bucketName(start: string, window: UsageWindow): string {
  return window === '24h' ? formatTime(start) : start.slice(0, 10);
}

/** A bucket's name under its bar, short: '14:00', or '11-26'. */
export function axisName(start: string, window: UsageWindow): string {
  const time = new Date(start);
  return window === '24h'
    ? `${pad(time.getHours())}:${pad(time.getMinutes())}`
    : start.slice(5, 10);
}

/** Which buckets the axis names: every sixth hour of 24, every day of 7. */
export function isNamedOnAxis(index: number, window: UsageWindow): boolean {
  return window === '7d' || index % 6 === 0;
}
