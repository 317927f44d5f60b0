import { OpsClientPaths, opsApplicationPath, opsDeveloperPath } from '../src/contract/ops.js';
import { OpsMessages } from '../src/contract/ops-messages.js';
import { uniqueEmail } from './support/accounts.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { createSearchableDeveloper } from './support/ops-developer.js';
import { signedInOperator } from './support/operators.js';

// The console's find, developer, application, audit and operators pages, with
// data and with their dialogs open, have no axe violations at desktop and phone widths, and
// none of them scrolls the page sideways on a phone.

const AFTER_LOAD = { timeout: 15_000 };

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('find, developer, application, audit and operators pages', async ({ page, request }) => {
      test.slow();
      const found = await createSearchableDeveloper(request);
      await signedInOperator(page, 'admin');
      const noSidewaysScroll = async () =>
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);

      await page.goto(
        `${OpsClientPaths.find}?${new URLSearchParams({ q: found.developer.email })}`,
      );
      await expect(
        page.getByRole('region', { name: OpsMessages.find.developers }).getByRole('link'),
      ).toBeVisible(AFTER_LOAD);
      await expectNoAxeViolations(page);
      await noSidewaysScroll();

      await page.goto(opsDeveloperPath(found.developerId));
      await expect(page.getByRole('list', { name: 'Activity' }).first()).toBeVisible(AFTER_LOAD);
      await expectNoAxeViolations(page);
      await noSidewaysScroll();
      await page.getByRole('button', { name: OpsMessages.developer.endSessions }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      await page.goto(opsApplicationPath(found.applicationId));
      await expect(page.getByRole('heading', { level: 1, name: found.appName })).toBeVisible(
        AFTER_LOAD,
      );
      await expectNoAxeViolations(page);
      await noSidewaysScroll();
      await page.getByRole('button', { name: OpsMessages.application.pause }).click();
      const dialog = page.getByRole('dialog', { name: OpsMessages.application.pause });
      await dialog.getByRole('button', { name: OpsMessages.application.pause }).click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      await page.goto(OpsClientPaths.audit);
      await expect(page.locator('tbody tr').first()).toBeVisible(AFTER_LOAD);
      await expectNoAxeViolations(page);
      await noSidewaysScroll();

      await page.goto(OpsClientPaths.operators);
      await page.getByLabel(OpsMessages.operators.email).fill(uniqueEmail('ops-new'));
      await page.getByRole('button', { name: OpsMessages.operators.addSubmit }).click();
      await expect(page.getByRole('region', { name: OpsMessages.operators.linkTitle })).toBeVisible(
        AFTER_LOAD,
      );
      await expectNoAxeViolations(page);
      await noSidewaysScroll();
    });
  });
}
