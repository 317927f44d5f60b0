import { SignInLimits } from '../../contract/limits.js';

/**
 * How long to lock after `failures` counted failures when `freeFailures` are allowed: 0,
 * then 30 s doubling to 15 min.
 */
export function lockoutMs(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  const doublings = Math.min(failures - freeFailures, 30);
  return Math.min(SignInLimits.firstLockMs * 2 ** doublings, SignInLimits.maxLockMs);
}

/**
 * The counts at which the lock grows, each with its length, up to the first one at the cap:
 * the database computes the lock from these in the statement that counts the failure.
 */
export function lockSteps(freeFailures: number): { failures: number; lockMs: number }[] {
  const steps: { failures: number; lockMs: number }[] = [];
  for (let failures = freeFailures; ; failures++) {
    const lockMs = lockoutMs(failures, freeFailures);
    steps.push({ failures, lockMs });
    if (lockMs >= SignInLimits.maxLockMs) return steps;
  }
}
