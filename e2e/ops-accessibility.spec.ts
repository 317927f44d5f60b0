import type { Page } from '@playwright/test';
import { OpsClientPaths } from '../src/contract/ops.js';
import { OpsMessages } from '../src/contract/ops-messages.js';
import { makePng } from '../test/support/png.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { accessTokenOf, createAppByApi, freshIp } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { addOperator, enrollInBrowser, signInOperator } from './support/operators.js';
import { isPath } from './support/paths.js';

// The console's sign-in, enrollment and proof queue are axe clean and fit the
// window, at a desk (1280 px) and on a phone (390 px).

async function pendingImageProof(request: Parameters<typeof createVerifiedDeveloper>[0]) {
  const ip = freshIp();
  const owner = await createVerifiedDeveloper(request);
  await createAppByApi(request, await accessTokenOf(request, owner.email, owner.password), {
    name: 'Owner bot',
    ips: [ip],
  });
  const claimant = await createVerifiedDeveloper(request);
  const token = await accessTokenOf(request, claimant.email, claimant.password);
  await createAppByApi(request, token, {
    name: 'Axe bot',
    ips: [ip],
    claims: [ip],
    claimDocument: { name: 'proof.png', mimeType: 'image/png', buffer: makePng(600, 400) },
  });
  return ip;
}

async function expectFitsWindow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

async function expectClean(page: Page) {
  await expectNoAxeViolations(page);
  await expectFitsWindow(page);
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${String(width)} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('enrollment, sign-in and the proof queue with a proof opened', async ({
      page,
      request,
    }) => {
      test.slow();
      const ip = await pendingImageProof(request);
      const added = await addOperator('reviewer');
      await page.goto(added.enrollPath);
      await expect(page.getByRole('img', { name: OpsMessages.enroll.qrLabel })).toBeVisible();
      await expectClean(page);
      const operator = await enrollInBrowser(page, added, 'reviewer');
      await expectClean(page);

      await signInOperator(page, operator);
      await expect(page).toHaveURL(isPath(OpsClientPaths.proofs));
      await expect(page.getByRole('rowheader', { name: ip })).toBeVisible();
      await expectClean(page);

      await page
        .getByRole('button', { name: OpsMessages.proofReview.openFor(ip, 'Axe bot') })
        .click();
      const review = page.getByRole('region', { name: OpsMessages.proofReview.reviewTitle(ip) });
      await expect(
        review.getByRole('img', { name: OpsMessages.proofs.documentFrame(ip) }),
      ).toBeVisible();
      await expectClean(page);

      await review.getByRole('button', { name: OpsMessages.proofs.reject }).click();
      const dialog = page.getByRole('dialog', { name: OpsMessages.proofReview.reviewTitle(ip) });
      await expect(dialog.getByLabel(OpsMessages.proofs.reason)).toBeFocused();
      await expectClean(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    });
  });
}

test('the skip link is the first stop of the console and moves focus to its main content', async ({
  page,
}) => {
  const operator = await enrollInBrowser(page, await addOperator('admin'), 'admin');
  await signInOperator(page, operator);
  await expect(
    page.getByRole('heading', { level: 1, name: OpsMessages.proofs.title }),
  ).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: OpsMessages.shell.skipToContent });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
