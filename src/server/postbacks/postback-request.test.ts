import { describe, expect, it } from 'vitest';
import { cut } from './postback-request.js';

describe('cut', () => {
  it('keeps a text within the limit whole', () => {
    expect(cut('añb€', 7)).toBe('añb€');
  });

  it('ends on a whole character when the limit falls inside one', () => {
    // 'ñ' is 2 bytes, '€' 3 and '😀' 4: each limit below cuts one of them in the middle.
    expect(cut('añb', 2)).toBe('a');
    expect(cut('ab€', 3)).toBe('ab');
    expect(cut('ab€', 4)).toBe('ab');
    expect(cut('a😀', 4)).toBe('a');
    expect(cut('😀😀', 7)).toBe('😀');
  });

  it('never leaves a replacement character behind', () => {
    const text = '€'.repeat(2000);
    for (const bytes of [4096, 4097, 4098]) {
      const kept = cut(text, bytes);
      expect(kept.at(-1)).toBe('€');
      expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(bytes);
      expect(Buffer.byteLength(kept)).toBeGreaterThan(bytes - 3);
    }
  });
});
