/**
 * Delay before the next try after `attempt` failed tries (1 = the first failure):
 * exponential from `baseMs`, capped at `maxMs`, and "equal jitter" (half fixed, half
 * random) so jobs that failed together do not all come back at the same instant.
 */
export function retryDelayMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  const half = exponential / 2;
  return Math.round(half + random() * half);
}
