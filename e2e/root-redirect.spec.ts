import { expect, test } from './support/fixtures.js';
import { HOME, TAGLINE } from './support/paths.js';
import { E2E_ENV, LEGACY_DOMAINS } from './support/server-env.js';

// docs/product.md section 2, the '' (root) row.

const onLogin = (url: URL) => url.pathname === '/login';

test('the root without loc goes to /login with no query', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL((url) => onLogin(url) && url.search === '');
});

for (const domain of LEGACY_DOMAINS) {
  test(`a loc naming ${domain} goes to /login keeping loc`, async ({ page }) => {
    const loc = `https://www.${domain}/markets?segment=eq&x=a b`;
    await page.goto(`/?loc=${encodeURIComponent(loc)}`);
    await expect(page).toHaveURL(onLogin);
    expect(new URL(page.url()).searchParams.get('loc')).toBe(loc);
  });
}

test('the legacy domain is matched case-insensitively anywhere in loc', async ({ page }) => {
  const loc = 'see HTTPS://Accounts.OldBroker.IN/Login';
  await page.goto(`/?loc=${encodeURIComponent(loc)}`);
  await expect(page).toHaveURL(onLogin);
  expect(new URL(page.url()).searchParams.get('loc')).toBe(loc);
});

test('a loc naming neither legacy domain stays on the home page', async ({ page }) => {
  await page.goto(HOME);
  await expect(
    page.getByRole('heading', { level: 1, name: `${E2E_ENV.PRODUCT_NAME} Developer Portal` }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText(TAGLINE);
  await expect(page).toHaveURL(
    (url) => url.pathname === '/' && url.searchParams.get('loc') === 'https://www.example.org/',
  );
});

for (const loc of ['', 'https://oldbroker.co/', 'https://old-broker.com/']) {
  test(`loc ${JSON.stringify(loc)} (no legacy domain) does not redirect`, async ({ page }) => {
    await page.goto(`/?loc=${encodeURIComponent(loc)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${E2E_ENV.PRODUCT_NAME} Developer Portal`,
    );
    expect(new URL(page.url()).pathname).toBe('/');
  });
}

test('following the header logo to / in the app also goes to /login', async ({ page }) => {
  await page.goto(HOME);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('banner').getByRole('link', { name: E2E_ENV.PRODUCT_NAME }).click();
  await expect(page).toHaveURL((url) => onLogin(url) && url.search === '');
  // A client-side navigation: the document (and the marker) survived.
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});
