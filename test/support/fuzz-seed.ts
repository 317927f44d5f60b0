/** The seed of `npm test` and CI: a failure there is the same failure on every run. */
export const FIXED_FUZZ_SEED = 20_261_128;

/**
 * The fuzzer's seed: `FUZZ_SEED` replays a printed run; `FUZZ_RANDOM_SEED=true` (set by the
 * bench, `vitest.bench.config.ts`) explores a fresh one from `now`; otherwise the fixed one.
 */
export function fuzzSeed(env: Readonly<Record<string, string | undefined>>, now: number): number {
  if (env.FUZZ_SEED !== undefined) return Number(env.FUZZ_SEED);
  return env.FUZZ_RANDOM_SEED === 'true' ? now % 2 ** 31 : FIXED_FUZZ_SEED;
}
