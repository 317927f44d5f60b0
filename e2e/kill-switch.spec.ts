import { Messages } from '../src/contract/messages.js';
import { opsDeveloperPath } from '../src/contract/ops.js';
import { OpsMessages } from '../src/contract/ops-messages.js';
import { openSignedIn } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { consoleOnNewApplication, createSearchableDeveloper } from './support/ops-developer.js';
import { signedInOperator } from './support/operators.js';

// docs/product.md sections 2.6, 2.8 and 2.14, decision 054: the kill switch set and lifted in
// the console, seen by the developer on My Apps and the update screen.

const appText = OpsMessages.application;
const devText = OpsMessages.developer;
const text = OpsMessages.killSwitch;
const AFTER_LOAD = { timeout: 15_000 };
const WIDTHS = [1280, 390] as const;

test('an admin blocks an application with a reason; the developer sees it; the admin lifts it', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const { found } = await consoleOnNewApplication(page, request, 'admin');
  const section = page.getByRole('region', { name: text.title });
  await expect(section).toContainText(text.none, AFTER_LOAD);
  const open = section.getByRole('button', { name: appText.block });
  await open.click();
  const dialog = page.getByRole('dialog', { name: appText.block });
  await expect(dialog.getByLabel(text.reason)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoAxeViolations(page);
  }
  const reason = `Runaway orders from ${found.ip}.`;
  await dialog.getByLabel(text.reason).fill(reason);
  await dialog.getByRole('button', { name: appText.block }).click();
  await expect(page.getByRole('status')).toHaveText(appText.blockedDone);
  await expect(section).toContainText(appText.blocked(reason));

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const own = await context.newPage();
  await openSignedIn(own, found.accessToken, '/create-new-app');
  const card = own.getByRole('article', { name: found.appName });
  await expect(card).toContainText(Messages.app.blockedBadge, AFTER_LOAD);
  await own.goto(`/update-app/${found.applicationId}`);
  const notice = own.getByText(reason, { exact: false });
  const status = own.getByRole('switch', { name: Messages.screens.appStatus });
  for (const width of WIDTHS) {
    await own.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(notice).toBeVisible(AFTER_LOAD);
    await expect(status).toBeDisabled(AFTER_LOAD);
    await expect(own.getByRole('button', { name: Messages.keys.roll })).toBeDisabled();
    await expectNoAxeViolations(own);
  }

  await section.getByRole('button', { name: appText.unblock }).click();
  const lift = page.getByRole('dialog', { name: appText.unblock });
  await lift.getByLabel(text.reason).fill('Orders fixed.');
  await lift.getByRole('button', { name: appText.unblock }).click();
  await expect(section).toContainText(text.none);

  await own.reload();
  await expect(own.getByRole('heading', { level: 1 })).toHaveText(found.appName, AFTER_LOAD);
  await expect(status).toBeEnabled(AFTER_LOAD);
  await expect(notice).toBeHidden();
  await context.close();
});

test("an admin blocks every application of a developer; the developer's screens say so", async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const found = await createSearchableDeveloper(request);
  await signedInOperator(page, 'admin');
  await page.goto(opsDeveloperPath(found.developerId));
  const section = page.getByRole('region', { name: text.title });
  await section.getByRole('button', { name: devText.block }).click(AFTER_LOAD);
  const dialog = page.getByRole('dialog', { name: devText.block });
  const reason = 'Dues unpaid for 90 days.';
  await dialog.getByLabel(text.reason).fill(reason);
  await dialog.getByRole('button', { name: devText.block }).click();
  await expect(section).toContainText(devText.blocked(reason));

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const own = await context.newPage();
  await openSignedIn(own, found.accessToken, `/update-app/${found.applicationId}`);
  await expect(own.getByText(reason, { exact: false })).toBeVisible(AFTER_LOAD);
  await expect(own.getByRole('switch', { name: Messages.screens.appStatus })).toBeDisabled(
    AFTER_LOAD,
  );
  await context.close();
});
