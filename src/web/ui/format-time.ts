/** An ISO time in the reader's locale and zone ('26 Nov 2026, 10:05'); the text itself if unreadable. */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    time,
  );
}

/** An ISO time in the reader's locale, with the zone named ('26 Nov 2026, 10:05 GMT+5:30'). */
export function formatTimeWithZone(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(time);
}
