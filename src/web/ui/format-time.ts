/** An ISO time in the reader's locale and zone ('26 Nov 2026, 10:05'); the text itself if unreadable. */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    time,
  );
}
