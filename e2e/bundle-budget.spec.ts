import { gzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures.js';
import { loginScreen } from './support/screens.js';

// The script to render /login, gzipped: everything the browser loads before the form can be
// used, the route's lazy chunks included. docs/product.md section 13 asks for at most 110 KB
// (decision 029, docs/performance.md).
const LOGIN_SCRIPT_LIMIT = 110 * 1024;

test('the script that renders /login stays within its limit', async ({ page, request }) => {
  const scripts = new Set<string>();
  // Module scripts and their modulepreload links alike.
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.js')) scripts.add(request.url());
  });
  await page.goto('/login');
  await expect(loginScreen(page).signIn).toBeEnabled();
  let total = 0;
  for (const url of scripts) {
    const body = await (await request.get(url)).body();
    total += gzipSync(body, { level: 9 }).length;
  }
  console.log(
    `script to render /login: ${(total / 1024).toFixed(1)} KB gzipped in ${String(scripts.size)} files`,
  );
  expect(total).toBeLessThanOrEqual(LOGIN_SCRIPT_LIMIT);
});
