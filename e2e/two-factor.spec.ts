import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { TwoFactorMessages as text } from '../src/contract/messages-two-factor.js';
import { createVerifiedDeveloper, type NewDeveloper } from './support/accounts.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { openMenuWhenNarrow } from './support/header.js';
import { isPath } from './support/paths.js';
import { signInWithForm } from './support/screens.js';
import { confirmStepUp } from './support/step-up.js';
import { TwoFactorPaths } from '../src/contract/two-factor-paths.js';

// The authenticator app (docs/product.md, "Two factors"): set up on /account by typing the
// key shown as text, then a sign-in that asks its code after the password, at desktop and phone.

const STEP_MS = 30_000;
// The first check after a full page load: the shared 2-core test machine can be slow.
const AFTER_LOAD = { timeout: 15_000 };

/** The code an authenticator app shows for `secret` in TOTP time step `step`. */
function codeAt(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: step * STEP_MS,
  });
}

async function signInToMyApps(page: Page, developer: NewDeveloper) {
  await page.goto('/login');
  await signInWithForm(page, developer.email, developer.password);
  await expect(page).toHaveURL(isPath('/create-new-app'), AFTER_LOAD);
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Two argon2 sign-ins and three axe runs: past the default minute on a busy machine.
    test.slow();

    test('sets up the authenticator from its text key, then signs in with a computed code', async ({
      page,
      request,
      allowFailedResponse,
    }) => {
      const developer = await createVerifiedDeveloper(request);
      await signInToMyApps(page, developer);
      await page.goto('/account#two-factor');
      const section = page.getByRole('region', { name: text.title });
      allowFailedResponse(TwoFactorPaths.totp, 403);
      await section.getByRole('button', { name: text.setUp }).click(AFTER_LOAD);
      // The set-up asks the password again first (docs/decisions/068-step-up.md).
      await confirmStepUp(page, { password: developer.password });
      await expect(section.getByRole('img', { name: text.qrAlt })).toBeVisible();
      await expectNoAxeViolations(page);

      const secret = (await section.getByTestId('totp-secret').textContent()) ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const step = Math.floor(Date.now() / STEP_MS);
      await section.getByLabel(text.confirmCodeLabel).fill(codeAt(secret, step));
      await section.getByRole('button', { name: text.confirm }).click();
      const codes = section.getByRole('region', { name: text.recoveryTitle });
      await expect(codes.getByRole('listitem')).toHaveCount(10);
      await expectNoAxeViolations(page);
      await codes.getByRole('button', { name: text.recoverySaved }).click();
      await expect(
        section.getByText('10 of 10 recovery codes left.', { exact: false }),
      ).toBeVisible();

      const banner = page.getByRole('banner');
      await openMenuWhenNarrow(banner);
      await banner.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(isPath('/login'));
      await signInWithForm(page, developer.email, developer.password);
      const stepHeading = page.getByRole('heading', { level: 1, name: text.stepTitle });
      await expect(stepHeading).toBeVisible(AFTER_LOAD);
      await expectNoAxeViolations(page);
      // The set-up used this step's code; the server takes the next step's at once.
      await page.getByLabel(text.codeLabel).fill(codeAt(secret, step + 1));
      await page.getByRole('button', { name: text.verify }).click();
      await expect(page).toHaveURL(isPath('/create-new-app'), AFTER_LOAD);
    });
  });
}
