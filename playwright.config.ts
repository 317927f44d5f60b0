import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/support/chromium-args.js';

export default defineConfig({
  testDir: 'e2e',
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
