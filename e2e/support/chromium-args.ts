/**
 * Debian's Chromium, never a downloaded browser; these flags keep it off the closed network.
 * Shared by the browser tests (playwright.config.ts) and `npm run perf:web`.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
