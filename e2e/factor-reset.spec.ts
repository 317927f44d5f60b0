import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { Messages } from '../src/contract/messages.js';
import { opsDeveloperPath } from '../src/contract/ops.js';
import { OpsMessages } from '../src/contract/ops-messages.js';
import { TwoFactorPaths } from '../src/contract/two-factor-paths.js';
import { StepUpPaths } from '../src/contract/step-up.js';
import type { TotpStartResponse } from '../src/contract/two-factor.js';
import { createVerifiedDeveloper, developerIdOf, xsrfHeaders } from './support/accounts.js';
import { accessTokenOf } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { listMail } from './support/mailbox.js';
import { signedInOperator } from './support/operators.js';
import { isPath } from './support/paths.js';
import { signInWithForm } from './support/screens.js';

// docs/product.md, "Two factors": a developer who lost the phone and the recovery codes is
// brought back by support, who resets the factors with a reason on the console's developer page.

const text = OpsMessages.factors;
const AFTER_LOAD = { timeout: 15_000 };
const WIDTHS = [1280, 390] as const;

/** Sets up the authenticator app through the account API, with a code computed now. */
async function enrollByApi(
  request: APIRequestContext,
  accessToken: string,
  password: string,
): Promise<void> {
  const headers = { ...(await xsrfHeaders(request)), authorization: `Bearer ${accessToken}` };
  // The set-up asks the password again first (docs/decisions/068-step-up.md).
  const stepUp = await request.post(StepUpPaths.stepUp, {
    headers,
    data: { password },
    failOnStatusCode: false,
  });
  expect(stepUp.status(), await stepUp.text()).toBe(200);
  const start = await request.post(TwoFactorPaths.totp, { headers, failOnStatusCode: false });
  expect(start.status(), await start.text()).toBe(200);
  const { secret } = (await start.json()) as TotpStartResponse;
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const confirm = await request.post(TwoFactorPaths.totpConfirm, {
    headers,
    data: { code },
    failOnStatusCode: false,
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
}

test('support resets the factors with a reason; the developer signs in with the password alone', async ({
  page,
  request,
  browser,
}) => {
  // Three argon2 sign-ins, an operator enrollment and two axe runs on a busy machine.
  test.slow();
  const developer = await createVerifiedDeveloper(request);
  const developerId = await developerIdOf(request, developer.email, developer.password);
  const token = await accessTokenOf(request, developer.email, developer.password);
  await enrollByApi(request, token, developer.password);

  await signedInOperator(page, 'support');
  await page.goto(opsDeveloperPath(developerId));
  const section = page.getByRole('region', { name: text.title });
  await expect(section).toContainText(`${text.authenticatorApp}${text.appSetUp}`, AFTER_LOAD);
  await expect(section).toContainText(`${text.recoveryCodesLeft}10`);
  const open = section.getByRole('button', { name: text.reset });
  await open.click();
  const dialog = page.getByRole('dialog', { name: text.reset });
  await expect(dialog.getByLabel(text.reason)).toBeFocused();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoAxeViolations(page);
  }
  await dialog.getByRole('button', { name: text.reset }).click();
  await expect(dialog.getByText(text.reasonRequired)).toBeVisible();

  const reason = 'Lost phone; identity checked on a video call.';
  await dialog.getByLabel(text.reason).fill(reason);
  await dialog.getByRole('button', { name: text.reset }).click();
  await expect(page.getByRole('status')).toHaveText(text.resetDone);
  await expect(section).toContainText(`${text.authenticatorApp}${text.appNone}`);
  await expect(open).toBeHidden();
  await expect(page.getByRole('list', { name: Messages.activity.title })).toContainText(
    `Reason: ${reason}`,
    AFTER_LOAD,
  );
  await expect
    .poll(async () => (await listMail(request, developer.email))[0]?.subject)
    .toMatch(/^Support removed the second factors of your /);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoAxeViolations(page);
  }

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const own = await context.newPage();
  await own.goto('/login');
  await signInWithForm(own, developer.email, developer.password);
  await expect(own).toHaveURL(isPath('/create-new-app'), AFTER_LOAD);
  await context.close();
});
