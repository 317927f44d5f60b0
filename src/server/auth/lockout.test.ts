import { describe, expect, it } from 'vitest';
import { lockoutMs, lockSteps } from './lockout.js';

describe('lockoutMs', () => {
  it('allows 4 failures, then locks 30 s doubling up to 15 minutes', () => {
    const seconds = Array.from({ length: 12 }, (_, i) => lockoutMs(i + 1, 5) / 1000);
    expect(seconds).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it('stays at the cap for very long runs of failures', () => {
    expect(lockoutMs(10_000, 5)).toBe(15 * 60_000);
  });
});

describe('lockSteps', () => {
  it('lists each growing lock up to the cap', () => {
    expect(lockSteps(3).map((step) => [step.failures, step.lockMs / 1000])).toEqual([
      [3, 30],
      [4, 60],
      [5, 120],
      [6, 240],
      [7, 480],
      [8, 900],
    ]);
  });
});
