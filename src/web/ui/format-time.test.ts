import { afterEach, describe, expect, it } from 'vitest';
import { formatTime, formatTimeWithZone } from './format-time.js';

const zoneBefore = process.env.TZ;

afterEach(() => {
  process.env.TZ = zoneBefore;
});

describe('formatTime', () => {
  it.each([
    [
      'Asia/Kolkata',
      '2026-11-26T04:35:00.000Z',
      '26 Nov 2026, 10:05',
      '26 Nov 2026, 10:05 GMT+5:30',
    ],
    ['Asia/Kolkata', '2026-01-31T19:00:00.000Z', '1 Feb 2026, 00:30', '1 Feb 2026, 00:30 GMT+5:30'],
    ['UTC', '2026-03-09T23:59:00.000Z', '9 Mar 2026, 23:59', '9 Mar 2026, 23:59 GMT'],
    [
      'America/Sao_Paulo',
      '2026-07-04T12:00:00.000Z',
      '4 Jul 2026, 09:00',
      '4 Jul 2026, 09:00 GMT-3',
    ],
    [
      'Asia/Kathmandu',
      '2026-12-31T18:15:00.000Z',
      '1 Jan 2027, 00:00',
      '1 Jan 2027, 00:00 GMT+5:45',
    ],
  ])('in %s, %s reads %s', (zone, iso, plain, withZone) => {
    process.env.TZ = zone;
    expect(formatTime(iso)).toBe(plain);
    expect(formatTimeWithZone(iso)).toBe(withZone);
  });

  it('shows a text that is not a time as it is', () => {
    expect(formatTime('soon')).toBe('soon');
    expect(formatTimeWithZone('soon')).toBe('soon');
  });
});
