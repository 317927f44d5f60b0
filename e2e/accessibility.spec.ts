import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { openMenuWhenNarrow } from './support/header.js';
import { HOME, UNKNOWN } from './support/paths.js';
import { plantSession } from './support/session.js';

// WCAG 2.1 A/AA and axe best practices on every screen built so far, desktop and phone.

const WIDTHS = [1280, 375] as const;

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the home page has no axe violations', async ({ page }) => {
      await page.goto(HOME);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the home page with a signed-in header has no axe violations', async ({ page }) => {
      await page.goto(HOME);
      await plantSession(page);
      await openMenuWhenNarrow(page.getByRole('banner'));
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test.describe('not found', () => {
      test.use({ allowNotFoundDocument: true });

      test('the not-found page has no axe violations', async ({ page }) => {
        await page.goto(UNKNOWN);
        await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    });
  });
}

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await page.goto(HOME);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
