const UNITS = [
  { unit: 'day', ms: 24 * 60 * 60 * 1000 },
  { unit: 'hour', ms: 60 * 60 * 1000 },
  { unit: 'minute', ms: 60 * 1000 },
] as const;

/** How long ago `iso` was, in its largest whole unit ('3 hours', '1 minute'; under a minute, '0 minutes'). */
export function formatAge(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  const { unit, ms } = UNITS.find((candidate) => elapsed >= candidate.ms) ?? UNITS[2];
  return new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: 'long' }).format(
    Math.floor(elapsed / ms),
  );
}
