import { expect, test } from './support/fixtures.js';
import { UNKNOWN } from './support/paths.js';
import { E2E_ENV } from './support/server-env.js';

// Which paths the server answers as pages (docs/product.md section 2), which it refuses, and /healthz.

const SCREEN_PATHS = [
  '/',
  '/login',
  '/signup',
  '/verify-otp',
  '/flow-login-callback',
  '/create-new-app',
  '/create-app',
  '/update-app/app-123',
  '/forgot-password',
  '/reset-password',
  '/account',
];

test('/healthz reports the server, the database and the gateway check up', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({
    status: 'success',
    message: 'ok',
    database: 'up',
    load: 'normal',
    gateway: { state: 'fresh', ageSeconds: expect.any(Number) },
  });
});

for (const path of SCREEN_PATHS) {
  test(`a deep link to ${path} is answered 200 with the web app`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<div id="root"></div>');
  });
}

for (const path of [UNKNOWN, '/login/extra', '/update-app', '/update-app/a/b', '/index.html']) {
  test(`${path} is answered 404 with the web app`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<div id="root"></div>');
  });
}

for (const path of ['/api', '/api/v1/nothing-here', '/api/v1/apps/unknown/deeper']) {
  test(`GET ${path} is answered 404 JSON, never the web app`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      status: 'error',
      code: 'not_found',
      message: 'Not found',
    });
  });
}

test.describe('the not-found screen', () => {
  test.use({ allowNotFoundDocument: true });

  test('shows "Page not found" inside the shell for an unknown path', async ({ page }) => {
    const response = await page.goto(UNKNOWN);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
      'Page not found',
    );
    await expect(
      page.getByRole('banner').getByRole('link', { name: E2E_ENV.PRODUCT_NAME }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('links to the portal home, which leads on to /login', async ({ page }) => {
    await page.goto(UNKNOWN);
    const home = page.getByRole('main').getByRole('link', { name: 'Go to the portal home' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.search === '');
  });
});
