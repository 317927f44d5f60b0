import { describe, expect, it } from 'vitest';
import { placeOf } from './session-origin.js';

describe('placeOf', () => {
  it.each(['Asia/Kolkata', 'Asia/Calcutta', 'UTC', 'America/Argentina/Salta', 'Etc/GMT+5'])(
    'keeps the IANA zone %s',
    (zone) => {
      expect(placeOf(zone)).toBe(zone);
    },
  );

  it.each([
    undefined,
    '',
    'Mars/Olympus_Mons',
    '<script>',
    'Asia/../etc',
    'A'.repeat(65),
    ['Asia/Kolkata', 'UTC'],
  ])('drops %o', (value) => {
    expect(placeOf(value)).toBeNull();
  });
});
