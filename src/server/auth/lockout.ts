/** Per-account lockout after repeated failed sign-ins (issue 3: a growing delay). */
export const LockoutRules = {
  /** Failures allowed before the first lock. */
  freeFailures: 5,
  firstLockMs: 30_000,
  maxLockMs: 15 * 60_000,
} as const;

/** How long to lock after `failures` consecutive failures: 0, then 30 s doubling to 15 min. */
export function lockoutMs(failures: number): number {
  if (failures < LockoutRules.freeFailures) return 0;
  const doublings = Math.min(failures - LockoutRules.freeFailures, 30);
  return Math.min(LockoutRules.firstLockMs * 2 ** doublings, LockoutRules.maxLockMs);
}
