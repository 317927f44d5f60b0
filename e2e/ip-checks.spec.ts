import type { APIRequestContext, Page } from '@playwright/test';
import { Messages } from '../src/contract/messages.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { runAdmin } from './support/admin.js';
import {
  accessTokenOf,
  changeIpsByApi,
  createAppByApi,
  freshIp,
  openSignedIn,
} from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';

// IPs (docs/decisions/025): the your-IP chip, the checks while typing, the 15-day
// lock shown before any edit, and the proof link and rejection reason on the IP's row.

async function developerToken(request: APIRequestContext): Promise<string> {
  const developer = await createVerifiedDeveloper(request);
  return accessTokenOf(request, developer.email, developer.password);
}

async function expectFitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${String(viewport.width)} px`, () => {
    test.use({ viewport, timezoneId: 'Asia/Kolkata' });
    // Each test signs up two developers and, on update, runs the admin CLI before the page.
    test.slow();

    test('create: one click adds the IP the portal sees, and each row is checked while typing', async ({
      page,
      request,
    }) => {
      const shared = freshIp();
      await createAppByApi(request, await developerToken(request), {
        name: 'Holder bot',
        ips: [shared],
      });
      await openSignedIn(page, await developerToken(request), '/create-app');
      await expect(page.getByRole('heading', { level: 1, name: 'Create a new app' })).toBeVisible({
        timeout: 15_000,
      });

      // The browser reaches the test server over loopback: that is the IP the portal sees.
      await page.getByRole('button', { name: Messages.ips.addYourIp('127.0.0.1') }).click();
      await expect(page.getByLabel('IP address 1', { exact: true })).toHaveValue('127.0.0.1');
      await expect(page.getByRole('button', { name: Messages.ips.yourIpAdded })).toBeDisabled();

      await page.getByRole('button', { name: 'Add IP address' }).click();
      await page.getByLabel('IP address 2', { exact: true }).fill(shared);
      await page.getByRole('button', { name: 'Add IP address' }).click();
      await page.getByLabel('IP address 3', { exact: true }).fill(shared);
      await expect(page.getByLabel('IP address 3', { exact: true })).toHaveAccessibleDescription(
        Messages.ips.entryDuplicate,
      );
      await expect(page.getByLabel('IP address 2', { exact: true })).toHaveAccessibleDescription(
        Messages.ips.entryProofNeeded,
      );
      // A proof will be needed: the skip checkbox is offered before any save is refused.
      await expect(page.getByLabel(Messages.ips.skipDuplicates)).toBeVisible();
      await page.getByRole('button', { name: 'Add IP address' }).click();
      await page.getByLabel('IP address 4', { exact: true }).fill('300.1.2.3');
      await page.getByLabel('IP address 4', { exact: true }).blur();
      await expect(page.getByLabel('IP address 4', { exact: true })).toHaveAccessibleDescription(
        Messages.ips.invalid,
      );
      await expectFitsWidth(page, viewport.width);
      await expectNoAxeViolations(page);
    });

    test('update: the lock and the next allowed time before any edit, the proof link and the rejection reason', async ({
      page,
      request,
    }) => {
      const [kept, linked, rejected, added] = [freshIp(), freshIp(), freshIp(), freshIp()];
      const holder = await developerToken(request);
      await createAppByApi(request, holder, { name: 'Holder bot', ips: [linked, rejected] });
      const token = await developerToken(request);
      const id = await createAppByApi(request, token, {
        name: 'Locked bot',
        ips: [kept, linked, rejected],
        claims: [linked, rejected],
      });
      await changeIpsByApi(request, token, id, [kept, linked, rejected, added]);
      const reason = 'The document is not a utility bill.';
      expect(
        (await runAdmin('proofs', 'reject', id, rejected, '--reason', reason))
          .trimEnd()
          .split('\n')
          .pop(),
      ).toBe(`Rejected ${rejected} on ${id}.`);

      await openSignedIn(page, token, `/update-app/${id}`);
      // The first screen load on this shared machine can take longer than the default wait.
      await expect(page.getByRole('heading', { level: 1, name: 'Locked bot' })).toBeVisible({
        timeout: 15_000,
      });
      const lock = page.getByRole('status').filter({ hasText: Messages.ips.editRestricted });
      await expect(lock).toContainText('The next IP change is allowed from');
      await expect(lock).toContainText('GMT+5:30');
      await expect(page.getByLabel('IP address 1', { exact: true })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Add IP address' })).toBeDisabled();

      const link = page.getByRole('link', { name: Messages.ips.viewDocument(linked) });
      await expect(link).toBeVisible();
      const document = await request.get((await link.getAttribute('href')) ?? '');
      expect(document.status()).toBe(200);
      expect(document.headers()['content-type']).toBe('application/pdf');

      await expect(page.getByText(Messages.ips.proofRejectedReason(reason))).toBeVisible();
      await expect(page.getByLabel(`Proof for ${rejected}`, { exact: true })).toBeVisible();
      await expectFitsWidth(page, viewport.width);
      await expectNoAxeViolations(page);
    });
  });
}
