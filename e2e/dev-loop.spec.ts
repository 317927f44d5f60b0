import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startDevLoop, type DevLoop } from './support/dev-loop.js';
import { expect, test } from './support/fixtures.js';

// `npm run dev` (docs/decisions/019-dev-loop.md): one command, the web app through Vite
// with hot reload, the server's paths proxied, pages carrying the server's meta and brand.
// One test: every page load of a cold dev server costs tens of seconds on a 2-core machine.

const LOGIN_SCREEN = path.join('src', 'web', 'pages', 'login', 'LoginPage.tsx');
const HEADING = '<h1 id="login-title">Login</h1>';
const STARTUP_MS = 120_000;

let dev: DevLoop;

test.beforeAll(async () => {
  test.setTimeout(STARTUP_MS);
  dev = await startDevLoop();
});

test.afterAll(async () => {
  await dev.stop();
});

test('npm run dev serves /login and hot-updates a changed screen without a reload', async ({
  page,
}) => {
  test.setTimeout(STARTUP_MS);
  await page.goto(`${dev.url}/login`);
  // The first load transforms every module of the screen and bundles the dependencies.
  await expect(page.getByRole('heading', { name: 'Login', exact: true })).toBeVisible({
    timeout: STARTUP_MS / 2,
  });
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  // The brand settings and route meta come from the server's rendering of the page.
  await expect(
    page.getByRole('button', { name: 'Login Using Acme Trade Credentials' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Login | Acme Trade Developers');
  // The server's log reads as lines of time, level and message, never raw JSON.
  expect(dev.output()).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Server listening at /mu);
  expect(dev.output()).not.toContain('{"level":');
  // PUBLIC_URL defaults to the dev server's port, the one the browser opens.
  const { port } = new URL(dev.url);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `http://localhost:${port}/login`,
  );

  await page.evaluate(() => {
    document.documentElement.dataset.loadedBefore = 'yes';
  });
  const file = path.join(dev.dir, LOGIN_SCREEN);
  const source = await readFile(file, 'utf8');
  expect(source).toContain(HEADING);
  // In place, without truncating first: a truncate is a change of its own, and on a loaded
  // machine Vite could read the empty file, send a module without its component, and fall
  // back to a full reload. The new text is longer, so nothing of the old one is left.
  await writeFile(file, source.replace(HEADING, '<h1 id="login-title">Sign in here</h1>'), {
    flag: 'r+',
  });

  await expect(page.getByRole('heading', { name: 'Sign in here' })).toBeVisible();
  // A full reload would have dropped the mark.
  await expect(page.locator('html')).toHaveAttribute('data-loaded-before', 'yes');
});
