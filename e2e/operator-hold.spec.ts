import { Messages } from '../src/contract/messages.js';
import { OpsMessages } from '../src/contract/ops-messages.js';
import { openSignedIn } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { consoleOnNewApplication } from './support/ops-developer.js';

// docs/product.md sections 2.8 and 4, decision 047: an operator's pause is a hold the
// developer's update screen shows with the reason, the status switch disabled.

const appText = OpsMessages.application;
const AFTER_LOAD = { timeout: 15_000 };

test("the update screen shows an operator's hold with the reason, its switch disabled, at 1280 and 390 px", async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const { found } = await consoleOnNewApplication(page, request, 'support');
  const reason = `Orders in a loop from ${found.ip}.`;
  await page.getByRole('button', { name: appText.pause }).click();
  const dialog = page.getByRole('dialog', { name: appText.pause });
  await dialog.getByLabel(appText.reason).fill(reason);
  await dialog.getByRole('button', { name: appText.pause }).click();
  await expect(page.getByRole('status')).toHaveText(appText.pausedDone);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const own = await context.newPage();
  await openSignedIn(own, found.accessToken, `/update-app/${found.applicationId}`);
  await expect(own.getByRole('heading', { level: 1 })).toHaveText(found.appName, AFTER_LOAD);
  const status = own.getByRole('switch', { name: Messages.screens.appStatus });
  const notice = own.getByText(Messages.app.heldNotice(reason));
  for (const width of [1280, 390]) {
    await own.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(status).toBeDisabled(AFTER_LOAD);
    await expect(status).toHaveAttribute('aria-checked', 'false');
    await expect(status).toHaveAccessibleDescription(
      `${Messages.app.statusPaused} ${Messages.app.heldNotice(reason)}`,
    );
    await expect(notice).toBeVisible();
    await notice.scrollIntoViewIfNeeded();
    const box = await notice.boundingBox();
    expect(box?.width ?? Infinity).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(own);
  }
  await context.close();
});
