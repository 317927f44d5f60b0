import { expect, test } from './support/fixtures.js';

// Decision 015: the build's brotli and gzip copies reach the browser by Accept-Encoding.

const MAIN_SCRIPT = /^\/assets\/index-[\w-]+\.js$/;

test('the main script reaches Chromium compressed, and the page runs it', async ({ page }) => {
  const script = page.waitForResponse((response) =>
    MAIN_SCRIPT.test(new URL(response.url()).pathname),
  );
  await page.goto('/login');
  const response = await script;
  const accepted = (await response.request().allHeaders())['accept-encoding'] ?? '';
  const headers = await response.allHeaders();
  expect(headers['content-encoding']).toBe(/\bbr\b/.test(accepted) ? 'br' : 'gzip');
  expect(headers.vary).toMatch(/accept-encoding/i);
  expect(headers['content-type']).toMatch(/javascript/);
  const { responseBodySize } = await response.request().sizes();
  const decoded = (await response.body()).length;
  expect(decoded).toBeGreaterThan(100_000);
  expect(responseBodySize).toBeLessThan(decoded / 2);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
