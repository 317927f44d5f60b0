// The portal's one way to write a time: '26 Nov 2026, 10:05', from the date's own fields
// rather than Intl (decision 039), in the reader's zone on the screens and in UTC where the
// server writes it (the activity CSV).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** The date and the 24-hour time, in the reader's zone or in UTC. */
export function timeText(time: Date, zone: 'local' | 'utc'): string {
  const isUtc = zone === 'utc';
  const day = isUtc ? time.getUTCDate() : time.getDate();
  const month = isUtc ? time.getUTCMonth() : time.getMonth();
  const year = isUtc ? time.getUTCFullYear() : time.getFullYear();
  const hours = isUtc ? time.getUTCHours() : time.getHours();
  const minutes = isUtc ? time.getUTCMinutes() : time.getMinutes();
  return `${String(day)} ${MONTHS[month] ?? ''} ${String(year)}, ${twoDigits(hours)}:${twoDigits(minutes)}`;
}
