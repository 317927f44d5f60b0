import { gzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures.js';

// docs/product.md section 13: the initial JS of /login (gzipped, everything the HTML loads or
// preloads) stays at or under 130 KB.
const LOGIN_INITIAL_JS_BUDGET = 130 * 1024;

test('the initial JS of /login fits the budget', async ({ request }) => {
  const html = await (await request.get('/login')).text();
  const urls = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  expect(urls.length).toBeGreaterThan(0);
  let total = 0;
  for (const url of new Set(urls)) {
    const body = await (await request.get(url)).body();
    total += gzipSync(body, { level: 9 }).length;
  }
  console.log(`initial JS of /login: ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThanOrEqual(LOGIN_INITIAL_JS_BUDGET);
});
