import type { Locator, Page } from '@playwright/test';
import { ApiPaths } from '../src/contract/api-paths.js';
import { Messages } from '../src/contract/messages.js';
import { postbacksPath, updateAppPath } from '../src/contract/routes.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { accessTokenOf, createAppByApi, openSignedIn } from './support/apps.js';
import { expect as baseExpect, expectNoAxeViolations, test } from './support/fixtures.js';
import { notice } from './support/notices.js';
import { signInWithForm } from './support/screens.js';

// The portal on a phone (390 x 844). docs/product.md section 2: every signed-in screen keeps
// its header (or, on the update screen, its session bar) to one row, the links behind a Menu
// button; section 4: an error notice does not outlive its moment.

const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ viewport: { width: 390, height: 844 } });
// Sign-ins and several screens a test: past the default minute on a busy machine.
test.slow();

/** The header, or the session bar where the update screen hides the header on phones. */
async function barOf(page: Page): Promise<Locator> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const banner = page.getByRole('banner');
  return (await banner.count()) > 0 ? banner : page.getByRole('navigation', { name: 'Account' });
}

async function heightOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not rendered');
  return box.height;
}

test('every signed-in screen has a one-row header whose menu works by keyboard', async ({
  page,
  request,
}) => {
  const developer = await createVerifiedDeveloper(request);
  const token = await accessTokenOf(request, developer.email, developer.password);
  const id = await createAppByApi(request, token, { name: 'Phone bot' });
  await openSignedIn(page, token, '/create-new-app');

  for (const path of [
    '/create-new-app',
    '/create-app',
    updateAppPath(id),
    postbacksPath(id),
    '/account',
    '/activity',
  ]) {
    await page.goto(path);
    const bar = await barOf(page);
    const menu = bar.getByRole('button', { name: 'Menu' });
    await expect(menu, path).toBeVisible();
    // One row: the bar is its tallest item plus padding, well under two rows.
    expect(await heightOf(bar), path).toBeLessThan(2 * (await heightOf(menu)));

    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu, path).toHaveAttribute('aria-expanded', 'true');
    const account = bar.getByRole('link', { name: /Account/ });
    await expect(account, path).toBeVisible();
    const icon = await account.locator('svg').boundingBox();
    expect(icon?.width, `${path}: the person icon is not squeezed`).toBeGreaterThanOrEqual(18);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Tab');
    await expect(page.locator(':focus'), path).not.toHaveAttribute('aria-expanded');
    await page.keyboard.press('Escape');
    await expect(menu, path).toHaveAttribute('aria-expanded', 'false');
    await expect(menu, path).toBeFocused();
    await expect(bar.getByRole('button', { name: 'Logout' }), path).toBeHidden();
  }
});

test('the header and the session bar reserve their one row before their content settles', async ({
  page,
  request,
}) => {
  const developer = await createVerifiedDeveloper(request);
  const token = await accessTokenOf(request, developer.email, developer.password);
  const id = await createAppByApi(request, token, { name: 'Steady phone bot' });
  await page.goto('/login');
  const signedOut = await heightOf(page.getByRole('banner'));
  await openSignedIn(page, token, '/activity');
  for (const path of ['/activity', updateAppPath(id)]) {
    await page.goto(path);
    const bar = await barOf(page);
    const height = await heightOf(bar);
    expect(height, path).toBe(signedOut);
    // Without its links and the logo's text (a menu or a font still loading) the bar keeps
    // its height, so the page below it does not move when they arrive.
    await bar.evaluate((element) => {
      for (const part of element.querySelectorAll('nav, span')) part.remove();
      for (const part of element.querySelectorAll('button')) part.remove();
    });
    expect(await heightOf(bar), path).toBe(height);
  }
});

test('a link chosen in the menu opens its page and closes the menu', async ({ page, request }) => {
  const developer = await createVerifiedDeveloper(request);
  const token = await accessTokenOf(request, developer.email, developer.password);
  await openSignedIn(page, token, '/create-new-app');
  const bar = await barOf(page);
  const menu = bar.getByRole('button', { name: 'Menu' });
  await menu.click();
  await bar.getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/activity');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
});

test('a failed sign-in notice closes when the sign-in then succeeds; its close button is 24 px', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  allowFailedResponse(ApiPaths.signin, 401);
  const developer = await createVerifiedDeveloper(request);
  await page.goto('/login');
  await signInWithForm(page, developer.email, `${developer.password}x`);
  const failed = notice(page, Messages.auth.badCredentials);
  await expect(failed).toBeVisible();
  const close = await failed.getByRole('button').boundingBox();
  expect(close?.width).toBeGreaterThanOrEqual(24);
  expect(close?.height).toBeGreaterThanOrEqual(24);

  await signInWithForm(page, developer.email, developer.password);
  await expect(page).toHaveURL((url) => url.pathname === '/create-new-app');
  await expect(notice(page, Messages.login.success)).toBeVisible();
  await expect(failed).toHaveCount(0);
});

/**
 * WCAG 2.2, 2.5.8: each enabled target the screen shows is at least 24 x 24 px, or a 24 px
 * circle on its centre meets no other target. A link inside a sentence is exempt; a field's
 * label counts as part of its target.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'a[href], button:not(:disabled), input:not(:disabled), select, textarea';
    const targets = [...document.querySelectorAll<HTMLElement>(selector)].filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      return !(element.tagName === 'A' && getComputedStyle(element).display === 'inline');
    });
    const boxOf = (element: HTMLElement) => {
      const isField =
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement;
      const labels = isField ? [...(element.labels ?? [])] : [];
      const rects = [element, ...labels].map((part) => part.getBoundingClientRect());
      const left = Math.min(...rects.map((rect) => rect.left));
      const top = Math.min(...rects.map((rect) => rect.top));
      const right = Math.max(...rects.map((rect) => rect.right));
      const bottom = Math.max(...rects.map((rect) => rect.bottom));
      return { left, top, right, bottom };
    };
    const small: string[] = [];
    for (const element of targets) {
      const box = boxOf(element);
      if (box.right - box.left >= 23.5 && box.bottom - box.top >= 23.5) continue;
      const x = (box.left + box.right) / 2;
      const y = (box.top + box.bottom) / 2;
      const crowded = targets.some((other) => {
        if (other === element) return false;
        const near = boxOf(other);
        const dx = Math.max(near.left - x, 0, x - near.right);
        const dy = Math.max(near.top - y, 0, y - near.bottom);
        return Math.hypot(dx, dy) < 12;
      });
      if (crowded) {
        const name = element.getAttribute('aria-label') ?? element.textContent;
        small.push(
          `${element.tagName} "${name.trim()}" ${String(Math.round(box.right - box.left))}x${String(Math.round(box.bottom - box.top))}`,
        );
      }
    }
    return small;
  });
}

/**
 * WCAG 2.5.5 (AAA), as docs/product.md section 2 asks for phones: each screen's primary action
 * (the submit of its forms, My Apps' Create New App) is at least 44 px tall. Answers those
 * shorter, and how many were measured.
 */
async function shortPrimaryActions(page: Page): Promise<{ short: string[]; measured: number }> {
  const actions = await page
    .locator('button[type="submit"]:visible')
    .or(page.getByRole('link', { name: Messages.screens.createNewApp }))
    .all();
  const short: string[] = [];
  for (const action of actions) {
    const height = await heightOf(action);
    if (height < 43.5) short.push(`"${await action.innerText()}" ${String(Math.round(height))} px`);
  }
  return { short, measured: actions.length };
}

test('every tap target of each signed-in screen meets the 24 px rule', async ({
  page,
  request,
}) => {
  const developer = await createVerifiedDeveloper(request);
  const token = await accessTokenOf(request, developer.email, developer.password);
  const id = await createAppByApi(request, token, { name: 'Target bot' });
  await openSignedIn(page, token, '/create-new-app');
  for (const path of [
    '/create-new-app',
    '/create-app',
    updateAppPath(id),
    postbacksPath(id),
    '/account',
    '/activity',
  ]) {
    await page.goto(path);
    const bar = await barOf(page);
    await page.waitForLoadState('networkidle');
    expect(await smallTargets(page), path).toEqual([]);
    const primary = await shortPrimaryActions(page);
    expect(primary.short, `${path}: primary actions under 44 px`).toEqual([]);
    if (path !== postbacksPath(id)) expect(primary.measured, path).toBeGreaterThan(0);
    await bar.getByRole('button', { name: 'Menu' }).click();
    expect(await smallTargets(page), `${path}, menu open`).toEqual([]);
  }
});

test('the primary action of each signed-out screen is 44 px tall', async ({ page }) => {
  for (const path of ['/login', '/signup', '/forgot-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const primary = await shortPrimaryActions(page);
    expect(primary.short, `${path}: primary actions under 44 px`).toEqual([]);
    expect(primary.measured, path).toBeGreaterThan(0);
  }
});
