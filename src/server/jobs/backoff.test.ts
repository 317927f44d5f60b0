import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.js';

describe('retryDelayMs', () => {
  it('doubles from the base and stays between half and all of it', () => {
    expect(retryDelayMs(1, 1000, 60_000, () => 0)).toBe(500);
    expect(retryDelayMs(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(retryDelayMs(3, 1000, 60_000, () => 0)).toBe(2000);
    expect(retryDelayMs(3, 1000, 60_000, () => 1)).toBe(4000);
  });

  it('is capped at the maximum, jitter included', () => {
    expect(retryDelayMs(30, 1000, 60_000, () => 1)).toBe(60_000);
    expect(retryDelayMs(30, 1000, 60_000, () => 0)).toBe(30_000);
  });

  it('spreads jobs that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(4, 1000, 60_000)));
    expect(delays.size).toBeGreaterThan(10);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(4000);
      expect(delay).toBeLessThanOrEqual(8000);
    }
  });
});
