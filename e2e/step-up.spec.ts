import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ApiPaths } from '../src/contract/api-paths.js';
import { Messages } from '../src/contract/messages.js';
import { ClientPaths } from '../src/contract/routes.js';
import { StepUpMessages } from '../src/contract/messages-step-up.js';
import { StepUpPaths } from '../src/contract/step-up.js';
import { TwoFactorPaths } from '../src/contract/two-factor-paths.js';
import { createVerifiedDeveloper, xsrfHeaders } from './support/accounts.js';
import { accessTokenOf, appByApi, createAppByApi, freshIp, openSignedIn } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { isPath } from './support/paths.js';
import { confirmStepUp, stepUpDialog } from './support/step-up.js';

// docs/decisions/068-step-up.md: a developer with the authenticator app is asked a code before
// an IP change and a key reveal, in one dialog, and nothing typed is lost.

const STEP_MS = 30_000;
const AFTER_LOAD = { timeout: 15_000 };

function codeAt(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: step * STEP_MS,
  });
}

/** Sets up the app through the API (password step-up, start, confirm); its secret and codes. */
async function enrollByApi(request: APIRequestContext, token: string, password: string) {
  const headers = { ...(await xsrfHeaders(request)), authorization: `Bearer ${token}` };
  expect((await request.post(StepUpPaths.stepUp, { headers, data: { password } })).status()).toBe(
    200,
  );
  const started = await request.post(TwoFactorPaths.totp, { headers });
  const { secret } = (await started.json()) as { secret: string };
  const step = Math.floor(Date.now() / STEP_MS);
  const confirmed = await request.post(TwoFactorPaths.totpConfirm, {
    headers,
    data: { code: codeAt(secret, step) },
  });
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { secret, step, recoveryCodes };
}

/** A second session, signed in with the password and a recovery code: no step-up yet. */
async function secondSession(
  request: APIRequestContext,
  email: string,
  password: string,
  recoveryCode: string,
): Promise<string> {
  const headers = await xsrfHeaders(request);
  const first = await request.post(ApiPaths.signin, { headers, data: { email, password } });
  const { user_status: status } = (await first.json()) as { user_status: { Session: string } };
  const second = await request.post(ApiPaths.signinSecondFactor, {
    headers,
    data: { session: status.Session, code: recoveryCode },
  });
  const body = (await second.json()) as {
    user_status: { AuthenticationResult: { AccessToken: string } };
  };
  return body.user_status.AuthenticationResult.AccessToken;
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.slow();

    test('asks the code before an IP change and a reveal, keeping every edit', async ({
      page,
      request,
      allowFailedResponse,
    }) => {
      const developer = await createVerifiedDeveloper(request);
      const firstToken = await accessTokenOf(request, developer.email, developer.password);
      const [oldIp, newIp] = [freshIp(), freshIp()];
      const id = await createAppByApi(request, firstToken, { name: 'Guarded bot', ips: [oldIp] });
      const { secret, step, recoveryCodes } = await enrollByApi(
        request,
        firstToken,
        developer.password,
      );
      const [signInCode = '', thirdSessionCode = '', revealCode = ''] = recoveryCodes;
      const token = await secondSession(request, developer.email, developer.password, signInCode);
      allowFailedResponse(ApiPaths.app(id), 403);
      allowFailedResponse(ApiPaths.revealKeys(id), 403);

      // Edit the name and the IP list, save: the dialog asks a code; both edits are saved.
      await openSignedIn(page, token, `/update-app/${id}`);
      const name = page.getByRole('textbox', { name: 'App name*', exact: true });
      await expect(name).toHaveValue('Guarded bot', AFTER_LOAD);
      await name.fill('Guarded bot renamed');
      await page.getByLabel('IP address 1', { exact: true }).fill(newIp);
      const save = page.getByRole('button', { name: 'Save' });
      await save.click();
      const dialog = stepUpDialog(page);
      await expect(dialog).toBeVisible(AFTER_LOAD);
      await expect(dialog.getByText(StepUpMessages.leadCode)).toBeVisible();
      const code = dialog.getByLabel(StepUpMessages.codeLabel, { exact: true });
      await expect(code).toBeFocused();
      await expectNoAxeViolations(page);
      // The enrollment used its step's code: a later step's (one step ahead is accepted).
      const now = Math.floor(Date.now() / STEP_MS);
      await confirmStepUp(page, { code: codeAt(secret, Math.max(step + 1, now)) });
      // The save then loads My Apps: a page opened before that load would be cut off by it.
      await expect(page).toHaveURL(isPath(ClientPaths.myApps), AFTER_LOAD);
      await expect
        .poll(async () => {
          const app = await appByApi(request, token, id);
          return [app.applicationName, app.ipRecordsWithFamilyPending.map((r) => r.ip)];
        }, AFTER_LOAD)
        .toEqual(['Guarded bot renamed', [newIp]]);

      // A third session: Reveal asks again; Escape cancels and focus returns to Reveal.
      const third = await secondSession(
        request,
        developer.email,
        developer.password,
        thirdSessionCode,
      );
      await openSignedIn(page, third, `/update-app/${id}`);
      const tile = page.getByRole('complementary', { name: 'Keys' });
      const reveal = tile.getByRole('button', { name: Messages.keys.reveal });
      await reveal.click(AFTER_LOAD);
      await expect(stepUpDialog(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(stepUpDialog(page)).toHaveCount(0);
      await expect(reveal).toBeFocused();
      await reveal.click();
      await expectNoAxeViolations(page);
      // A recovery code is a second factor too.
      await confirmStepUp(page, { code: revealCode });
      const key = (await appByApi(request, third, id)).secret;
      await expect(tile.getByText(key, { exact: true })).toBeVisible();
    });
  });
}
