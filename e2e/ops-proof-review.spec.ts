import type { APIRequestContext, Page } from '@playwright/test';
import { Messages } from '../src/contract/messages.js';
import { OpsClientPaths } from '../src/contract/ops.js';
import { OpsMessages } from '../src/contract/ops-messages.js';
import { makePng } from '../test/support/png.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { accessTokenOf, createAppByApi, freshIp, openSignedIn } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { listMail } from './support/mailbox.js';
import { signedInOperator } from './support/operators.js';
import { e2eBaseUrl } from './support/server-env.js';
import { isPath } from './support/paths.js';
import { onePagePdf } from './support/pdf.js';
import { confirmStepUp } from './support/step-up.js';

// The proof review end to end (decision 036): a developer (in a browser context of their own)
// sends a family proof, a reviewer rejects it in the console with a reason, the developer
// sees the reason on the IP row and gets the e-mail; then the reviewer accepts a second one.

async function developerWithApp(request: APIRequestContext, ownIp: string) {
  const developer = await createVerifiedDeveloper(request);
  const token = await accessTokenOf(request, developer.email, developer.password);
  const appId = await createAppByApi(request, token, { name: 'Family bot', ips: [ownIp] });
  return { developer, token, appId };
}

/**
 * As docs/product.md section 4 has it: add the IP another developer uses, with a document. The
 * changed IP list asks the step-up first (docs/decisions/068-step-up.md): the password.
 */
async function sendProofInBrowser(
  page: Page,
  claimant: { token: string; appId: string; password: string },
  ip: string,
) {
  await openSignedIn(page, claimant.token, `/update-app/${claimant.appId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Family bot' })).toBeVisible();
  await page.getByRole('button', { name: 'Add IP address' }).click();
  await page.getByLabel('IP address 2', { exact: true }).fill(ip);
  const save = page.getByRole('button', { name: 'Save' });
  await save.click();
  await confirmStepUp(page, { password: claimant.password });
  const skip = page.getByRole('checkbox', { name: Messages.ips.skipDuplicates });
  await skip.check();
  await page
    .getByLabel(`Proof for ${ip}`, { exact: true })
    .setInputFiles({ name: 'family-proof.pdf', mimeType: 'application/pdf', buffer: onePagePdf() });
  await save.click();
  await expect(page).toHaveURL(isPath('/create-new-app'));
}

/** The developer's IP row (list item) that says `text` holds `ip` in its address field. */
async function expectIpRow(page: Page, ip: string, text: string) {
  const row = page.getByRole('listitem').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('textbox', { name: /^IP address \d+$/ })).toHaveValue(ip);
}

async function openProof(page: Page, ip: string, applicationName: string) {
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: ip }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(new RegExp(`${OpsMessages.proofs.age('')}\\d+ minutes?`));
  await row
    .getByRole('button', { name: OpsMessages.proofReview.openFor(ip, applicationName) })
    .click();
  const review = page.getByRole('region', { name: OpsMessages.proofReview.reviewTitle(ip) });
  await expect(review).toBeVisible();
  return { row, review };
}

test('a reviewer rejects a proof with a reason the developer sees and receives, then accepts another', async ({
  page,
  browser,
  request,
}) => {
  // Two developers, an operator's enrollment and sign-in, two browser contexts.
  test.slow();
  const first = freshIp();
  const second = freshIp();
  const owner = await createVerifiedDeveloper(request);
  const ownerToken = await accessTokenOf(request, owner.email, owner.password);
  await createAppByApi(request, ownerToken, { name: 'Owner bot', ips: [first, second] });
  const claimant = await developerWithApp(request, freshIp());

  const developerContext = await browser.newContext({ baseURL: e2eBaseUrl() });
  const developerPage = await developerContext.newPage();
  await sendProofInBrowser(
    developerPage,
    { ...claimant, password: claimant.developer.password },
    first,
  );

  await signedInOperator(page, 'reviewer');
  await expect(page).toHaveURL(isPath(OpsClientPaths.proofs));
  const { row, review } = await openProof(page, first, 'Family bot');
  await expect(review.getByText(claimant.developer.email, { exact: false })).toBeVisible();
  await expect(review.getByText(`Owner bot (${owner.email})`)).toBeVisible();
  const pdfPage = review.getByRole('img', {
    name: OpsMessages.proofReview.pdfPage(first, 1, 1),
  });
  await expect(pdfPage).toBeVisible();
  expect(await pdfPage.evaluate((canvas) => (canvas as HTMLCanvasElement).width)).toBeGreaterThan(
    0,
  );
  await expect(page.locator('iframe, embed, object')).toHaveCount(0);

  await review.getByRole('button', { name: OpsMessages.proofs.reject }).click();
  const dialog = page.getByRole('dialog', { name: OpsMessages.proofReview.reviewTitle(first) });
  const confirm = dialog.getByRole('button', { name: OpsMessages.proofReview.confirmReject });
  await confirm.click();
  await expect(dialog.getByText(OpsMessages.proofs.reasonRequired)).toBeVisible();
  const reason = 'The document names another family.';
  await dialog.getByLabel(OpsMessages.proofs.reason).fill(reason);
  await confirm.click();
  await expect(
    page.getByRole('status').filter({ hasText: OpsMessages.proofs.rejected(first) }),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(review).toHaveCount(0);

  await developerPage.goto(`/update-app/${claimant.appId}`);
  await expect(developerPage.getByRole('heading', { level: 1, name: 'Family bot' })).toBeVisible();
  await expectIpRow(developerPage, first, Messages.ips.proofRejectedReason(reason));
  const subject = `Your proof for IP ${first} was not accepted`;
  await expect
    .poll(async () => (await listMail(request, claimant.developer.email)).map((m) => m.subject))
    .toContain(subject);
  const mail = (await listMail(request, claimant.developer.email)).find(
    (m) => m.subject === subject,
  );
  expect(mail?.text).toContain(reason);

  // The second proof, an image, sent with a new application.
  const secondAppId = await createAppByApi(request, claimant.token, {
    name: 'Second bot',
    ips: [second],
    claims: [second],
    claimDocument: { name: 'proof.png', mimeType: 'image/png', buffer: makePng(120, 80) },
  });
  await page.reload();
  const opened = await openProof(page, second, 'Second bot');
  const image = opened.review.getByRole('img', { name: OpsMessages.proofs.documentFrame(second) });
  await expect(image).toBeVisible();
  // Visible is not loaded: the image's own size comes when its bytes have.
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBe(120);
  await expectNoAxeViolations(page);
  await opened.review.getByRole('button', { name: OpsMessages.proofs.accept }).click();
  await expect(
    page.getByRole('status').filter({ hasText: OpsMessages.proofs.accepted(second) }),
  ).toBeVisible();
  await expect(opened.row).toHaveCount(0);

  await openSignedIn(developerPage, claimant.token, `/update-app/${secondAppId}`);
  await expect(developerPage.getByRole('heading', { level: 1, name: 'Second bot' })).toBeVisible();
  await expectIpRow(developerPage, second, Messages.ips.proofAccepted);
  await developerContext.close();
});
