import { defineConfig } from 'vitest/config';

// `npm run bench`: the budgets of design.md, timed on this machine against baselines taken
// in the same run. Kept out of `npm test`: the machines are shared and timings are noisy.
export default defineConfig({
  test: {
    include: ['bench/**/*.bench.ts'],
    environment: 'node',
    fileParallelism: false,
  },
});
