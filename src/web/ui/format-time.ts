import { timeText, twoDigits } from '../../contract/time-text.js';

// Times as the screens show them, in the reader's time zone, written out from the date's own
// fields: the first Intl.DateTimeFormat of a page loads ICU's locale data, about 40 ms of
// main thread (170 ms under Lighthouse's 4x CPU) inside the render of the first list with a
// time (decision 039). The portal's texts are English, and so are its month names.

/** The date and the 24-hour time in the reader's zone: '26 Nov 2026, 10:05'. */
function localText(time: Date): string {
  return timeText(time, 'local');
}

/** The reader's offset from UTC at that time: 'GMT', 'GMT+5:30', 'GMT-3'. */
function zoneText(time: Date): string {
  const east = -time.getTimezoneOffset();
  if (east === 0) return 'GMT';
  const hours = Math.floor(Math.abs(east) / 60);
  const minutes = Math.abs(east) % 60;
  return `GMT${east > 0 ? '+' : '-'}${String(hours)}${minutes === 0 ? '' : `:${twoDigits(minutes)}`}`;
}

/**
 * The date part only, in the reader's zone ('2026-11-27'): the UTC date is a day early after
 * 18:30 in India ('Next Renewal Date', docs/product.md section 2).
 */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getFullYear())}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** An ISO time in the reader's zone ('26 Nov 2026, 10:05'); the text itself if unreadable. */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : localText(time);
}

/** An ISO time in the reader's zone, with the zone named ('26 Nov 2026, 10:05 GMT+5:30'). */
export function formatTimeWithZone(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : `${localText(time)} ${zoneText(time)}`;
}
