const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the IP list of an application may change again (the 15-day rule of docs/product.md
 * section 4): null when it may change now, or has never changed.
 */
export function ipChangeAllowedAt(
  ipsChangedAt: number | null,
  cooldownDays: number,
  now: number,
): number | null {
  if (ipsChangedAt === null) return null;
  const allowedAt = ipsChangedAt + cooldownDays * DAY_MS;
  return now < allowedAt ? allowedAt : null;
}
