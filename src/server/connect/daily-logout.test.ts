import { describe, expect, it } from 'vitest';
import { nextLogoutAfter, parseDailyLogout } from './daily-logout.js';

const KOLKATA_SIX = { minuteOfDay: 360, offsetMinutes: 330 };

describe('the daily logout', () => {
  it('reads HH:MM with Asia/Kolkata, UTC or a fixed offset, and refuses anything else', () => {
    expect(parseDailyLogout('06:00 Asia/Kolkata')).toEqual(KOLKATA_SIX);
    expect(parseDailyLogout('23:30 UTC')).toEqual({ minuteOfDay: 1410, offsetMinutes: 0 });
    expect(parseDailyLogout('05:15 -03:00')).toEqual({ minuteOfDay: 315, offsetMinutes: -180 });
    for (const bad of ['6:00 Asia/Kolkata', '24:00 UTC', '06:00 Europe/Paris', '06:00', '']) {
      expect(parseDailyLogout(bad)).toBeNull();
    }
  });

  it('ends a token at the next 06:00 in Kolkata, 00:30 UTC', () => {
    // 10:00 IST on 28 Nov: the cutoff is 06:00 IST on 29 Nov.
    expect(
      new Date(nextLogoutAfter(KOLKATA_SIX, Date.UTC(2026, 10, 28, 4, 30))).toISOString(),
    ).toBe('2026-11-29T00:30:00.000Z');
    // 05:59 IST on 29 Nov: still the same morning's cutoff, one minute later.
    expect(nextLogoutAfter(KOLKATA_SIX, Date.UTC(2026, 10, 29, 0, 29))).toBe(
      Date.UTC(2026, 10, 29, 0, 30),
    );
    // Exactly at the cutoff: the next day's.
    expect(nextLogoutAfter(KOLKATA_SIX, Date.UTC(2026, 10, 29, 0, 30))).toBe(
      Date.UTC(2026, 10, 30, 0, 30),
    );
  });
});
