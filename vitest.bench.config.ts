import { defineConfig } from 'vitest/config';

// `npm run bench` and `npm run bench:growth`: the budgets of design.md, timed on this
// machine against baselines taken in the same run (docs/decisions/018-bench-method.md).
// Kept out of `npm test`: the machines are shared and timings are noisy.
export default defineConfig({
  test: {
    allowOnly: false,
    fileParallelism: false,
    projects: [
      {
        test: {
          name: 'budgets',
          include: [
            'bench/budgets.bench.ts',
            'bench/postbacks.bench.ts',
            'bench/gateway.bench.ts',
            'bench/timing.bench.ts',
            'bench/connect.bench.ts',
            // `vitest run` fuzzes with a fixed seed; here each run explores a fresh one.
            'src/server/fuzz/routes.fuzz.api.test.ts',
          ],
          environment: 'node',
          env: { FUZZ_RANDOM_SEED: 'true' },
        },
      },
      {
        test: {
          name: 'growth',
          include: ['bench/growth.bench.ts'],
          environment: 'node',
          globalSetup: ['test/support/postgres-global-setup.ts'],
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
