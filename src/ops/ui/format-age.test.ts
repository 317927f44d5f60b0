import { describe, expect, it } from 'vitest';
import { formatAge } from './format-age.js';

const NOW = Date.parse('2026-11-26T12:00:00Z');

describe('formatAge', () => {
  it.each([
    ['2026-11-26T11:59:30Z', '0 minutes'],
    ['2026-11-26T11:59:00Z', '1 minute'],
    ['2026-11-26T11:15:00Z', '45 minutes'],
    ['2026-11-26T09:00:00Z', '3 hours'],
    ['2026-11-24T11:00:00Z', '2 days'],
  ])('says %s was %s ago', (iso, text) => {
    expect(formatAge(iso, NOW)).toBe(text);
  });
});
