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

// Decision 029: the page names its route's chunks in modulepreload links, so they
// load beside the main script; each is fetched once (the screen's own import finds it loaded).
for (const [path, chunk] of [
  ['/login', /^\/assets\/LoginPage-[\w-]+\.js$/],
  ['/signup', /^\/assets\/SignupPage-[\w-]+\.js$/],
] as const) {
  test(`${path} preloads its screen's chunks, each fetched once`, async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.js')) fetched.push(url.pathname);
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const preloads = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
      );
    expect(preloads.some((href) => chunk.test(href))).toBe(true);
    // The main script comes first: over HTTP/1.1 it must not queue behind the preloads.
    const headOrder = await page
      .locator('head > script[src], head > link[rel="modulepreload"]')
      .evaluateAll((elements) => elements.map((element) => element.tagName.toLowerCase()));
    expect(headOrder[0]).toBe('script');
    for (const href of preloads) expect(fetched.filter((name) => name === href)).toHaveLength(1);
  });
}
