import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { Messages } from '../src/contract/messages.js';
import { StepUpPaths } from '../src/contract/step-up.js';
import { makePdf } from '../test/support/png.js';
import {
  createVerifiedDeveloper,
  GOOD_PASSWORD,
  xsrfHeaders,
  type NewDeveloper,
} from './support/accounts.js';
import { runAdmin } from './support/admin.js';
import { accessTokenOf, appByApi, createAppByApi, freshIp, openSignedIn } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { listMail } from './support/mailbox.js';
import { expectNotice } from './support/notices.js';
import { isPath } from './support/paths.js';

// docs/product.md sections 3 (IP record), 4 (IP family proof per IP, duplicate IP flow), 5 and 8:
// a second developer claims an IP the first one uses, with a family-proof document, and
// the operator decides with `npm run admin -- proofs accept|reject <applicationId> <ip>`
// (reject with `--reason`).

const noReason = { rejectionReason: null };

function proofPdf() {
  return { name: 'family-proof.pdf', mimeType: 'application/pdf', buffer: makePdf() };
}

interface SignedIn {
  readonly developer: NewDeveloper;
  readonly token: string;
}

async function signedInDeveloper(request: APIRequestContext): Promise<SignedIn> {
  const developer = await createVerifiedDeveloper(request);
  return { developer, token: await accessTokenOf(request, developer.email, developer.password) };
}

/** Developer 1 owns an app with `ip`; answers developer 2, who owns none yet. */
async function ownerAndClaimant(request: APIRequestContext, ip: string): Promise<SignedIn> {
  const owner = await signedInDeveloper(request);
  await createAppByApi(request, owner.token, { name: 'Owner bot', ips: [ip] });
  return signedInDeveloper(request);
}

/** The IP list's row (list item) whose address field holds `ip`. */
async function ipRow(page: Page, ip: string): Promise<Locator> {
  const rows = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('textbox', { name: /^IP address \d+$/ }) });
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  for (let i = 0; i < count; i += 1) {
    const row = rows.nth(i);
    if ((await row.getByRole('textbox').inputValue()) === ip) return row;
  }
  throw new Error(`no IP row holds ${ip}`);
}

async function expectPending(page: Page, ip: string) {
  const row = await ipRow(page, ip);
  await expect(row.getByText(Messages.ips.proofPending, { exact: true })).toBeVisible();
  await expect(row.getByText(Messages.ips.proofPendingHint)).toBeVisible();
  await expect(row.getByText(Messages.ips.proofAccepted, { exact: true })).toHaveCount(0);
  await expect(page.getByLabel(`Proof for ${ip}`, { exact: true })).toHaveCount(0);
  return row;
}

async function expectAccepted(page: Page, ip: string) {
  const row = await ipRow(page, ip);
  await expect(row.getByText(Messages.ips.proofAccepted, { exact: true })).toBeVisible();
  await expect(row.getByText(Messages.ips.proofAcceptedHint)).toBeVisible();
  await expect(row.getByText(Messages.ips.proofPending, { exact: true })).toHaveCount(0);
  await expect(page.getByLabel(`Proof for ${ip}`, { exact: true })).toHaveCount(0);
  return row;
}

/** The `proofs list` lines of one application, each split at its tabs. */
async function pendingProofsOf(applicationId: string): Promise<string[][]> {
  const out = await runAdmin('proofs', 'list');
  return out
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([id]) => id === applicationId);
}

test('the second developer hits the duplicate error on update, sends a proof, and sees it Pending then Accepted', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  // Two sign-ups, five axe runs and two operator commands: longer than one screen's test.
  test.slow();
  const shared = freshIp();
  const ownIp = freshIp();
  const claimant = await ownerAndClaimant(request, shared);
  const appId = await createAppByApi(request, claimant.token, { name: 'Family bot', ips: [ownIp] });
  const appPath = `/api/v1/app/${appId}`;
  allowFailedResponse(appPath, 409);
  const updates: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === appPath) updates.push(r.url());
  });

  // The IP change needs the session's step-up (decision 068): given here, this spec is on proofs.
  const steppedUp = await request.post(StepUpPaths.stepUp, {
    headers: { ...(await xsrfHeaders(request)), authorization: `Bearer ${claimant.token}` },
    data: { password: GOOD_PASSWORD },
  });
  expect(steppedUp.status()).toBe(200);
  await openSignedIn(page, claimant.token, `/update-app/${appId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Family bot' })).toBeVisible();
  const skip = page.getByRole('checkbox', { name: Messages.ips.skipDuplicates });
  await expect(skip).toHaveCount(0);
  await page.getByRole('button', { name: 'Add IP address' }).click();
  await page.getByLabel('IP address 2', { exact: true }).fill(shared);
  const save = page.getByRole('button', { name: 'Save' });
  await save.click();
  await expectNotice(page, Messages.ips.associatedWithAnotherApplication, 'error');
  expect(updates).toHaveLength(1);
  await expect(skip).toBeVisible();
  await expect(skip).not.toBeChecked();
  await expect(page.getByLabel(`Proof for ${shared}`, { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await skip.check();
  const upload = page.getByLabel(`Proof for ${shared}`, { exact: true });
  await expect(upload).toBeVisible();
  await expect(page.getByLabel(`Proof for ${ownIp}`, { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await save.click();
  await expectNotice(page, Messages.ips.supportingDocumentRequired(shared), 'error');
  expect(updates, 'a save without the document sends nothing').toHaveLength(1);

  const missing = page
    .locator('form')
    .getByRole('alert')
    .filter({ hasText: Messages.ips.supportingDocumentRequired(shared) });
  await expect(missing).toBeVisible();

  await upload.setInputFiles(proofPdf());
  const chosenRow = await expectPending(page, shared);
  await expect(chosenRow.getByText('family-proof.pdf')).toBeVisible();
  await expect(missing).toHaveCount(0);
  await expectNoAxeViolations(page);
  await save.click();
  await expect(page).toHaveURL(isPath('/create-new-app'));
  expect(updates).toHaveLength(2);

  await page.goto(`/update-app/${appId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Family bot' })).toBeVisible();
  await expectPending(page, shared);
  const ownRow = await ipRow(page, ownIp);
  await expect(ownRow.getByText(Messages.ips.proofPending, { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const stored = await appByApi(request, claimant.token, appId);
  expect(stored.ipRecordsWithFamilyPending).toEqual(
    [
      { ...noReason, ip: ownIp, familyPending: false, adminAccept: false, documentUrl: null },
      {
        ...noReason,
        ip: shared,
        familyPending: true,
        adminAccept: false,
        documentUrl: expect.any(String),
      },
    ].sort((a, b) => (a.ip < b.ip ? -1 : 1)),
  );

  expect(await pendingProofsOf(appId)).toEqual([
    [appId, claimant.developer.email, shared, expect.stringMatching(/^\d{4}-/), 'document'],
  ]);
  expect(await runAdmin('proofs', 'accept', appId, shared)).toBe(
    `Accepted ${shared} on ${appId}.\n`,
  );
  expect(await pendingProofsOf(appId)).toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Family bot' })).toBeVisible();
  await expectAccepted(page, shared);
  await expectNoAxeViolations(page);
  const accepted = await appByApi(request, claimant.token, appId);
  expect(accepted.ipRecordsWithFamilyPending.find((r) => r.ip === shared)).toMatchObject({
    familyPending: true,
    adminAccept: true,
  });
});

test('the second developer hits the duplicate error on create, uploads a proof, and the new app shows it Pending', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  // Two sign-ups and three axe runs over two screens.
  test.slow();
  const shared = freshIp();
  const claimant = await ownerAndClaimant(request, shared);
  allowFailedResponse('/api/v1/app', 409);

  await openSignedIn(page, claimant.token, '/create-app');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a new app' })).toBeVisible();
  await page.getByLabel('App name*').fill('Family create bot');
  await page.getByLabel('Acme Trade Client ID*').fill('AB1234');
  await page.getByLabel('Redirect URL*').fill('https://bot.example.com/callback');
  const ip = page.getByLabel('IP address 1', { exact: true });
  await ip.fill(shared);
  await page.getByRole('checkbox', { name: Messages.ips.ownOrFamily }).check();
  // The row's check, while typing, finds the IP used by another developer and offers the
  // skip; a create without it is still refused.
  await expect(ip).toHaveAccessibleDescription(Messages.ips.entryProofNeeded);
  const skip = page.getByRole('checkbox', { name: Messages.ips.skipDuplicates });
  await expect(skip).not.toBeChecked();
  const create = page.getByRole('button', { name: 'Create' });
  await create.click();
  await expectNotice(page, Messages.ips.usedByAnotherDeveloper, 'error');
  await expect(page).toHaveURL(isPath('/create-app'));
  await expect(skip).toBeVisible();
  await expect(page.getByLabel(`Proof for ${shared}`, { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await skip.check();
  const upload = page.getByLabel(`Proof for ${shared}`, { exact: true });
  await expect(upload).toBeVisible();
  const missing = page
    .locator('form')
    .getByRole('alert')
    .filter({ hasText: Messages.ips.supportingDocumentRequired(shared) });
  await expect(missing).toBeVisible();
  await upload.setInputFiles(proofPdf());
  await expect(missing).toHaveCount(0);
  await expectNoAxeViolations(page);
  await create.click();

  await expect(page).toHaveURL(isPath('/create-new-app'));
  const card = page.getByRole('article', { name: 'Family create bot' });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(/\/update-app\/app_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Family create bot' })).toBeVisible();
  await expectPending(page, shared);
  await expectNoAxeViolations(page);
  const appId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  expect(await pendingProofsOf(appId)).toEqual([
    [appId, claimant.developer.email, shared, expect.stringMatching(/^\d{4}-/), 'document'],
  ]);
});

test('the operator rejects a proof with a reason: the IP waits for a new document and the developer is told by e-mail', async ({
  page,
  request,
}) => {
  const shared = freshIp();
  const ownIp = freshIp();
  const claimant = await ownerAndClaimant(request, shared);
  const appId = await createAppByApi(request, claimant.token, {
    name: 'Rejected bot',
    ips: [ownIp, shared],
    claims: [shared],
  });

  await openSignedIn(page, claimant.token, `/update-app/${appId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rejected bot' })).toBeVisible();
  await expectPending(page, shared);

  const reason = 'The document names another address.';
  // The embedded mailer also logs the mail it keeps; the command's own line is the last one.
  expect(
    (await runAdmin('proofs', 'reject', appId, shared, '--reason', reason))
      .trimEnd()
      .split('\n')
      .pop(),
  ).toBe(`Rejected ${shared} on ${appId}.`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Rejected bot' })).toBeVisible();
  const row = await ipRow(page, shared);
  await expect(row.getByText(Messages.ips.proofRejectedReason(reason))).toBeVisible();
  await expect(page.getByLabel(`Proof for ${shared}`, { exact: true })).toBeVisible();
  await expect(page.getByText(Messages.ips.proofPending, { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect((await appByApi(request, claimant.token, appId)).ipRecordsWithFamilyPending).toEqual(
    [
      {
        ip: ownIp,
        familyPending: false,
        adminAccept: false,
        documentUrl: null,
        rejectionReason: null,
      },
      {
        ip: shared,
        familyPending: true,
        adminAccept: false,
        documentUrl: null,
        rejectionReason: reason,
      },
    ].sort((a, b) => (a.ip < b.ip ? -1 : 1)),
  );

  const subject = `Your proof for IP ${shared} was not accepted`;
  await expect
    .poll(async () => (await listMail(request, claimant.developer.email)).map((m) => m.subject))
    .toContain(subject);
  const mail = (await listMail(request, claimant.developer.email)).find(
    (m) => m.subject === subject,
  );
  expect(mail?.text).toContain('Rejected bot');
  expect(mail?.text).toContain(reason);
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Pending and Accepted proof states fit the screen and pass axe', async ({
    page,
    request,
  }) => {
    const shared = freshIp();
    const ownIp = freshIp();
    const claimant = await ownerAndClaimant(request, shared);
    const appId = await createAppByApi(request, claimant.token, {
      name: 'Phone bot',
      ips: [ownIp, shared],
      claims: [shared],
    });
    const fitsWidth = async (row: Locator) => {
      const status = row.locator('p').filter({ hasText: /^(Pending|Accepted)/ });
      await status.scrollIntoViewIfNeeded();
      const box = await status.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    };

    await openSignedIn(page, claimant.token, `/update-app/${appId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Phone bot' })).toBeVisible();
    await fitsWidth(await expectPending(page, shared));
    await expectNoAxeViolations(page);

    await runAdmin('proofs', 'accept', appId, shared);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Phone bot' })).toBeVisible();
    await fitsWidth(await expectAccepted(page, shared));
    await expectNoAxeViolations(page);
  });
});
