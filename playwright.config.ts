import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/support/chromium-args.js';
import { E2E_DATABASE } from './e2e/support/e2e-database-choice.js';

// With E2E_DATABASE=postgres (npm run test:e2e:postgres) the specs of the keys, IPs, proofs,
// activity log and screen defects run again with the portal on PostgreSQL, as the issue
// that brought them asks; the rest of the suite runs on SQLite only, to keep CI's time.
const SPECS_ON_POSTGRES = [
  'activity',
  'family-proof',
  'ip-checks',
  'keys',
  'my-apps',
  'my-apps-screens',
  'screen-defects',
  'update-app',
].map((name) => `${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  ...(E2E_DATABASE === 'postgres' ? { testMatch: SPECS_ON_POSTGRES } : {}),
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  // Screens with several axe runs take 10-15 s here, and CI shares the machine's 2 cores.
  timeout: 60_000,
  reporter: process.env.CI === undefined ? 'list' : [['list'], ['html', { open: 'never' }]],
  // Starts the built server on a free port with a fresh data directory (e2e/support).
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // The app honours prefers-reduced-motion: notices and dialogs appear at once, so checks
    // (axe's colour contrast above all) never see a half-faded element.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
  },
});
