import type { Page } from '@playwright/test';
import { ApiPaths } from '../src/contract/api-paths.js';
import { Messages } from '../src/contract/messages.js';
import { maskApiKey } from '../src/contract/rules.js';
import { formatTime } from '../src/web/ui/format-time.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { accessTokenOf, appByApi, createAppByApi, openSignedIn } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { expectNotice } from './support/notices.js';
import { confirmStepUp, stepUpDialog } from './support/step-up.js';
import { StepUpMessages } from '../src/contract/messages-step-up.js';
import { StepUpPaths } from '../src/contract/step-up.js';

// Keys (decision 024): Roll key with a grace period lists the new key and the old one with the time
// it stops; Reveal keys asks the password again; a refused clipboard shows the whole key
// selected in a dialog. At desktop and phone widths, axe clean in each state.

// The first check after a full page load: the shared 2-core test machine can take more
// than the default 5 s to load and run the scripts.
const AFTER_LOAD = { timeout: 15_000 };

function keysTile(page: Page) {
  return page.getByRole('complementary', { name: 'Keys' });
}

/** Makes the browser refuse the clipboard, as one without the permission does. */
async function refuseClipboardWrites(page: Page) {
  await page.evaluate(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Two argon2 checks and several dialogs on a busy machine: past the default minute.
    test.slow();

    test('roll with a 1-hour grace shows both keys; reveal after the password; copy falls back', async ({
      page,
      context,
      request,
      allowFailedResponse,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const developer = await createVerifiedDeveloper(request);
      const token = await accessTokenOf(request, developer.email, developer.password);
      const id = await createAppByApi(request, token, { name: 'Key roller' });
      const oldKey = (await appByApi(request, token, id)).secret;
      // The wrong password below is answered 401, which the browser logs.
      allowFailedResponse(ApiPaths.rollKey(id), 403);
      allowFailedResponse(StepUpPaths.stepUp, 401);

      await openSignedIn(page, token, `/update-app/${id}`);
      const tile = keysTile(page);
      await expect(tile.getByText(maskApiKey(oldKey), { exact: true })).toBeVisible(AFTER_LOAD);

      // Roll key, the old key kept for 1 hour.
      await tile.getByRole('button', { name: Messages.keys.roll }).click();
      const roll = page.getByRole('dialog', { name: Messages.keys.rollTitle });
      await expect(roll).toBeVisible();
      // It opens on the chosen grace, never on 'Now': one key press cannot revoke the key.
      await expect(roll.getByRole('radio', { name: Messages.keys.grace24h })).toBeFocused();
      await roll.getByRole('radio', { name: Messages.keys.grace1h }).check();
      await expectNoAxeViolations(page);
      await roll.getByRole('button', { name: Messages.keys.roll }).click();
      // The roll asks the password again first (no second factor): a wrong one is said there.
      const stepUp = stepUpDialog(page);
      const password = stepUp.getByLabel(StepUpMessages.passwordLabel, { exact: true });
      await expect(password).toBeFocused();
      await password.fill(`${developer.password}x`);
      await stepUp.getByRole('button', { name: StepUpMessages.confirm }).click();
      await expect(stepUp.getByText(Messages.keys.passwordWrong)).toBeVisible();
      await expectNoAxeViolations(page);
      // The roll is made between the confirmation and its notice: its end is shown to the minute.
      const confirmedAt = Date.now();
      await confirmStepUp(page, { password: developer.password });
      await expectNotice(page, Messages.keys.rolled, 'success');
      const noticedAt = Date.now();
      await expect(roll).toBeHidden();

      const newKey = (await appByApi(request, token, id)).secret;
      expect(newKey).not.toBe(oldKey);
      await expect(tile.getByText(maskApiKey(newKey), { exact: true })).toBeVisible();
      await expect(tile.getByText(Messages.keys.old, { exact: true })).toBeVisible();
      await expect(tile.getByText(maskApiKey(oldKey), { exact: true })).toBeVisible();
      const stops = await tile.getByText(/^Stops working /).textContent();
      // The browser runs in this machine's time zone, as this process does.
      const shownEnd = (at: number) =>
        Messages.keys.stopsAt(formatTime(new Date(at + 60 * 60_000).toISOString()));
      expect([shownEnd(confirmedAt), shownEnd(noticedAt)]).toContain(stops);
      await expect(tile.getByText(newKey, { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);

      // Reveal keys within the step-up's 5 minutes: both whole keys, asked nothing more.
      await tile.getByRole('button', { name: Messages.keys.reveal }).click();
      await expect(tile.getByText(newKey, { exact: true })).toBeVisible();
      await expect(stepUpDialog(page)).toHaveCount(0);
      await expect(tile.getByText(oldKey, { exact: true })).toBeVisible();
      await expect(tile.getByRole('button', { name: Messages.keys.hide })).toBeVisible();
      await expectNoAxeViolations(page);
      await tile.getByRole('button', { name: Messages.keys.hide }).click();
      await expect(tile.getByText(newKey, { exact: true })).toHaveCount(0);

      // Copy needs no reveal; a refused clipboard shows the whole key, selected, to copy by hand.
      await tile.getByRole('button', { name: 'Copy API Key' }).click();
      await expectNotice(page, Messages.copy.apiKey, 'success');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newKey);
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await refuseClipboardWrites(page);
      await tile.getByRole('button', { name: 'Copy API Key' }).click();
      const fallback = page.getByRole('dialog', { name: Messages.keys.copyFallbackTitle });
      const field = fallback.getByRole('textbox', { name: 'API Key' });
      await expect(field).toHaveValue(newKey);
      await expect(field).toBeFocused();
      await expect(fallback.getByText(Messages.keys.copyFallbackText)).toBeVisible();
      expect(
        await field.evaluate((input: HTMLInputElement) => [
          input.selectionStart,
          input.selectionEnd,
        ]),
      ).toEqual([0, newKey.length]);
      await expectNoAxeViolations(page);
      await page.keyboard.press('ControlOrMeta+C');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newKey);
      await fallback.getByRole('button', { name: Messages.keys.close }).click();
      await expect(fallback).toBeHidden();
    });
  });
}
