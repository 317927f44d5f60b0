import { expect, test } from './support/fixtures.js';
import { HOME, UNKNOWN } from './support/paths.js';
import { E2E_ENV } from './support/server-env.js';
import { fakeAccessToken, plantSession, readSession } from './support/session.js';

// docs/product.md section 2 (header), section 1 (footer) and section 4 (Logout).

test.describe('header', () => {
  test('has the logo linking to / and an API Doc link with target _blank and rel noopener', async ({
    page,
  }) => {
    await page.goto(HOME);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: E2E_ENV.PRODUCT_NAME })).toHaveAttribute(
      'href',
      '/',
    );
    const apiDoc = header.getByRole('link', { name: 'API Doc' });
    await expect(apiDoc).toHaveAttribute('href', E2E_ENV.API_DOCS_URL);
    await expect(apiDoc).toHaveAttribute('target', '_blank');
    await expect(apiDoc).toHaveAttribute('rel', /(^|\s)noopener(\s|$)/);
  });

  test('API Doc opens the documentation in a new tab and leaves the portal open', async ({
    page,
    context,
  }) => {
    await context.route(`${E2E_ENV.API_DOCS_URL}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>API docs</title>' }),
    );
    await page.goto(HOME);
    const [docs] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('banner').getByRole('link', { name: 'API Doc' }).click(),
    ]);
    await docs.waitForLoadState();
    expect(docs.url()).toBe(E2E_ENV.API_DOCS_URL);
    // noopener: the docs tab cannot reach back into the portal.
    expect(await docs.evaluate(() => window.opener === null)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('shows no Logout when nobody is signed in', async ({ page }) => {
    await page.goto(HOME);
    await expect(page.getByRole('banner').getByRole('link', { name: 'API Doc' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });

  for (const [label, token] of [
    ['an expired token', () => fakeAccessToken(-60)],
    ['a token that is not a JWT', () => 'not-a-jwt'],
  ] as const) {
    test(`shows no Logout with ${label}`, async ({ page }) => {
      await page.goto(HOME);
      await plantSession(page, token());
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    });
  }

  test('Logout clears the session and loads /login as a new page', async ({ page }) => {
    await page.goto(HOME);
    await plantSession(page);
    const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' });
    await expect(logout).toBeVisible();
    await page.evaluate(() => Object.assign(window, { beforeLogout: true }));

    await logout.click();

    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await page.waitForLoadState('load');
    // A full page load: the old document (and its marker) is gone.
    expect(await page.evaluate(() => 'beforeLogout' in window)).toBe(false);
    expect(await readSession(page)).toEqual({
      accessToken: null,
      refreshToken: null,
      developerId: null,
    });
    await expect(page.getByRole('banner').getByRole('link', { name: 'API Doc' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });

  for (const [width, variant] of [
    [1280, 'desktop'],
    [768, 'desktop'],
    [721, 'desktop'],
    [720, 'mobile'],
    [375, 'mobile'],
  ] as const) {
    test(`is the ${variant} header at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(HOME);
      const header = page.getByRole('banner');
      await expect(header).toHaveAttribute('data-variant', variant);
      await expect(header.getByRole('link', { name: E2E_ENV.PRODUCT_NAME })).toBeVisible();
      await expect(header.getByRole('link', { name: 'API Doc' })).toBeVisible();
    });
  }

  test('switches variant when the window is resized across 720 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(HOME);
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-variant', 'desktop');
    await page.setViewportSize({ width: 720, height: 800 });
    await expect(header).toHaveAttribute('data-variant', 'mobile');
    await page.setViewportSize({ width: 721, height: 800 });
    await expect(header).toHaveAttribute('data-variant', 'desktop');
  });

  test('shows Logout behind the Menu button on the mobile header', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(HOME);
    await plantSession(page);
    await expect(page.getByRole('banner')).toHaveAttribute('data-variant', 'mobile');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});

test.describe('footer', () => {
  for (const width of [1280, 375]) {
    test(`shows the support line and the links at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(HOME);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(`Support: ${E2E_ENV.SUPPORT_PHONE}`);
      const phone = footer.getByRole('link', { name: E2E_ENV.SUPPORT_PHONE });
      await expect(phone).toBeVisible();
      await expect(phone).toHaveAttribute('href', 'tel:+912240004000');
      for (const [name, href] of [
        ['Support', E2E_ENV.SUPPORT_URL],
        ['API Documentation', E2E_ENV.API_DOCS_URL],
        ['Privacy Policy', E2E_ENV.PRIVACY_URL],
        ['Disclaimer', E2E_ENV.DISCLAIMER_URL],
      ] as const) {
        const link = footer.getByRole('link', { name, exact: true });
        await expect(link, name).toBeVisible();
        await expect(link, name).toHaveAttribute('href', href);
      }
      await expect(footer).toContainText(`© ${new Date().getFullYear()} ${E2E_ENV.PRODUCT_NAME}`);
    });
  }

  test('shows the year of the browser clock, not a fixed one', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2031-03-15T10:00:00'));
    await page.goto(HOME);
    await expect(page.getByRole('contentinfo')).toContainText(`© 2031 ${E2E_ENV.PRODUCT_NAME}`);
  });

  test.describe('on a page outside the portal', () => {
    test.use({ allowNotFoundDocument: true });

    test('still links to support and the API documentation', async ({ page }) => {
      await page.goto(UNKNOWN);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Support', exact: true })).toHaveAttribute(
        'href',
        E2E_ENV.SUPPORT_URL,
      );
      await expect(footer.getByRole('link', { name: 'API Documentation' })).toHaveAttribute(
        'href',
        E2E_ENV.API_DOCS_URL,
      );
      await expect(page.getByRole('banner').getByRole('link', { name: 'API Doc' })).toHaveAttribute(
        'href',
        E2E_ENV.API_DOCS_URL,
      );
    });
  });
});
