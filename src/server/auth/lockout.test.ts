import { describe, expect, it } from 'vitest';
import { lockoutMs } from './lockout.js';

describe('lockoutMs', () => {
  it('allows 4 failures, then locks 30 s doubling up to 15 minutes', () => {
    const seconds = Array.from({ length: 12 }, (_, i) => lockoutMs(i + 1) / 1000);
    expect(seconds).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it('stays at the cap for very long runs of failures', () => {
    expect(lockoutMs(10_000)).toBe(15 * 60_000);
  });
});
