import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { HOME, TAGLINE, UNKNOWN } from './support/paths.js';
import { e2eBaseUrl, E2E_ENV } from './support/server-env.js';

// docs/product.md section 2: on each navigation the title, the description and title meta tags and
// the canonical link (fixed base + the route's canonical, or the current path) are set.

const SUFFIX = ` | ${E2E_ENV.PRODUCT_NAME} Developers`;
const HOME_TITLE = `Developer Portal${SUFFIX}`;
const NOT_FOUND_TITLE = `Page not found${SUFFIX}`;
/** Titles of screens still being built: only their shape is pinned here. */
const ANY_TITLE = /^\S.* \| Acme Trade Developers$/;

interface Head {
  title: string;
  titles: number;
  description: string | null;
  descriptions: number;
  metaTitle: string | null;
  metaTitles: number;
  canonical: string | null;
  canonicals: number;
}

function readHead(page: Page): Promise<Head> {
  return page.evaluate(() => {
    const all = (selector: string) => [...document.querySelectorAll(selector)];
    const descriptions = all('meta[name="description"]');
    const metaTitles = all('meta[name="title"]');
    const canonicals = all('link[rel="canonical"]');
    return {
      title: document.title,
      titles: all('title').length,
      description: descriptions[0]?.getAttribute('content') ?? null,
      descriptions: descriptions.length,
      metaTitle: metaTitles[0]?.getAttribute('content') ?? null,
      metaTitles: metaTitles.length,
      canonical: canonicals[0]?.getAttribute('href') ?? null,
      canonicals: canonicals.length,
    };
  });
}

/** Waits for the head to settle on `expected`, then checks there is exactly one of each tag. */
async function expectHead(page: Page, expected: { title: string | RegExp; canonicalPath: string }) {
  await expect(page).toHaveTitle(expected.title);
  await expect
    .poll(async () => (await readHead(page)).canonical)
    .toBe(e2eBaseUrl() + expected.canonicalPath);
  const head = await readHead(page);
  expect(head).toMatchObject({ titles: 1, descriptions: 1, metaTitles: 1, canonicals: 1 });
  expect(head.metaTitle).toBe(head.title);
  expect(head.description).toContain(E2E_ENV.PRODUCT_NAME);
  expect(head.description).not.toContain('{product}');
  return head;
}

/** The head tags of a server-rendered page, read from the HTML before any script runs. */
function parseHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const attribute = (tag: RegExp, name: string) =>
    [...head.matchAll(tag)].map((match) => new RegExp(`${name}="([^"]*)"`).exec(match[0])?.[1]);
  return {
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]),
    descriptions: attribute(/<meta name="description"[^>]*>/g, 'content'),
    metaTitles: attribute(/<meta name="title"[^>]*>/g, 'content'),
    canonicals: attribute(/<link rel="canonical"[^>]*>/g, 'href'),
  };
}

test.describe('server-rendered head', () => {
  for (const [path, status, title, canonicalPath] of [
    [HOME, 200, HOME_TITLE, '/'],
    ['/', 200, HOME_TITLE, '/'],
    ['/login', 200, ANY_TITLE, '/login'],
    ['/signup', 200, ANY_TITLE, '/signup'],
    ['/create-new-app', 200, ANY_TITLE, '/create-new-app'],
    ['/update-app/app-123', 200, ANY_TITLE, '/update-app/app-123'],
    [UNKNOWN, 404, NOT_FOUND_TITLE, UNKNOWN],
    ['/login/extra', 404, NOT_FOUND_TITLE, '/login/extra'],
  ] as const) {
    test(`GET ${path} carries one title, description, meta title and canonical`, async ({
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(status);
      expect(response.headers()['content-type']).toMatch(/^text\/html/);
      const head = parseHead(await response.text());
      expect(head.titles).toHaveLength(1);
      expect(head.descriptions).toHaveLength(1);
      expect(head.metaTitles).toHaveLength(1);
      expect(head.canonicals).toHaveLength(1);
      if (typeof title === 'string') expect(head.titles[0]).toBe(title);
      else expect(head.titles[0]).toMatch(title);
      expect(head.metaTitles[0]).toBe(head.titles[0]);
      expect(head.descriptions[0]).toContain(E2E_ENV.PRODUCT_NAME);
      expect(head.canonicals[0]).toBe(e2eBaseUrl() + canonicalPath);
    });
  }

  test('routes get their own titles and descriptions', async ({ request }) => {
    const heads = await Promise.all(
      ['/', '/login', '/signup', '/create-new-app'].map(async (path) =>
        parseHead(await (await request.get(path)).text()),
      ),
    );
    expect(new Set(heads.map((head) => head.titles[0])).size).toBe(heads.length);
    expect(new Set(heads.map((head) => head.descriptions[0])).size).toBe(heads.length);
  });
});

test.describe('head in the browser', () => {
  test('the home page keeps its head once the app runs', async ({ page }) => {
    await page.goto(HOME);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const head = await expectHead(page, { title: HOME_TITLE, canonicalPath: '/' });
    expect(head.description).toContain(TAGLINE);
  });

  test('navigating from the home page via the logo replaces the home head', async ({ page }) => {
    await page.goto(HOME);
    const home = await expectHead(page, { title: HOME_TITLE, canonicalPath: '/' });
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // '/' without loc goes on to /login (docs/product.md section 2).
    await page.getByRole('banner').getByRole('link', { name: E2E_ENV.PRODUCT_NAME }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/login');
    const login = await expectHead(page, { title: ANY_TITLE, canonicalPath: '/login' });
    expect(login.title).not.toBe(home.title);
    expect(login.description).not.toBe(home.description);
    expect(
      await page.evaluate(() => 'sameDocument' in window),
      'the navigation stayed client-side',
    ).toBe(true);
  });

  test('after a client-side navigation the head equals that of a fresh load', async ({ page }) => {
    await page.goto(HOME);
    await page.getByRole('banner').getByRole('link', { name: E2E_ENV.PRODUCT_NAME }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(async () => (await readHead(page)).canonical).toBe(`${e2eBaseUrl()}/login`);
    const navigated = await readHead(page);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(navigated.title);
    expect(await readHead(page)).toEqual(navigated);
  });

  test.describe('on an unknown path', () => {
    test.use({ allowNotFoundDocument: true });

    test('the canonical link is the current path', async ({ page }) => {
      await page.goto(`${UNKNOWN}?q=1`);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expectHead(page, { title: NOT_FOUND_TITLE, canonicalPath: UNKNOWN });
    });

    test('client-side navigation forth and back updates the head each time', async ({ page }) => {
      await page.goto(UNKNOWN);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expectHead(page, { title: NOT_FOUND_TITLE, canonicalPath: UNKNOWN });
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      await page.getByRole('link', { name: 'Go to the portal home' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/login');
      await expectHead(page, { title: ANY_TITLE, canonicalPath: '/login' });

      await page.goBack();
      await expect(page).toHaveURL((url) => url.pathname === UNKNOWN);
      await expectHead(page, { title: NOT_FOUND_TITLE, canonicalPath: UNKNOWN });
      expect(
        await page.evaluate(() => 'sameDocument' in window),
        'navigations stayed client-side',
      ).toBe(true);
    });
  });
});
