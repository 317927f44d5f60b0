import type { UsageBucket, UsageResponse, UsageWindow } from '../../src/contract/usage.js';

const HOUR_MS = 60 * 60_000;

/**
 * A usage answer as the server gives it: the window's buckets oldest first, ending at
 * 2026-11-28 (hours of that day, or its week), quiet but for the counts given for the last ones.
 */
export function usageAnswer(
  window: UsageWindow,
  last: readonly Omit<UsageBucket, 'start'>[] = [],
  refusedAddresses: UsageResponse['refusedAddresses'] = [],
): UsageResponse {
  const count = window === '24h' ? 24 : 7;
  const step = window === '24h' ? HOUR_MS : 24 * HOUR_MS;
  const end = Date.parse('2026-11-28T23:00:00.000Z') - (window === '24h' ? 0 : 23 * HOUR_MS);
  const quiet = { allowed: 0, refused: 0, reasons: [] };
  const buckets = Array.from({ length: count }, (_, index) => ({
    start: new Date(end - (count - 1 - index) * step).toISOString(),
    ...(last[index - (count - last.length)] ?? quiet),
  }));
  return { status: 'success', message: 'Usage fetched', window, buckets, refusedAddresses };
}
