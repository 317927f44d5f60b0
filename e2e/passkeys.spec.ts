import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as requestContext, type APIRequestContext, type Page } from '@playwright/test';
import { ApiPaths } from '../src/contract/api-paths.js';
import { PasskeyMessages as text } from '../src/contract/messages-passkeys.js';
import { PasskeyPaths } from '../src/contract/passkey-paths.js';
import { StepUpMessages } from '../src/contract/messages-step-up.js';
import { Messages } from '../src/contract/messages.js';
import { TwoFactorMessages } from '../src/contract/messages-two-factor.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { openMenuWhenNarrow } from './support/header.js';
import { expectNotice } from './support/notices.js';
import { isPath } from './support/paths.js';
import { startPortal, type PortalProcess } from './support/portal-process.js';
import { flowProviderScreen, loginScreen, signInWithForm } from './support/screens.js';
import { E2E_ENV } from './support/server-env.js';
import { confirmStepUp, stepUpDialog } from './support/step-up.js';

// Passkeys (docs/decisions/067-developer-passkeys.md) with Chromium's virtual authenticator:
// added on /account, asked after the password at sign-in, confirming a password change in the
// step-up dialog, removed with the password and a passkey, at desktop and phone. WebAuthn takes a domain as the relying party, so this spec
// runs a portal of its own whose PUBLIC_URL is on localhost.

const AFTER_LOAD = { timeout: 15_000 };
const NEW_PASSWORD = 'Brand-New7pass';

let portal: PortalProcess;
let dataDir: string;
let api: APIRequestContext;
/** The portal as the browser reaches it: its PUBLIC_URL. */
let site: string;

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-passkeys-'));
  portal = await startPortal(
    { ...E2E_ENV, DATA_DIR: dataDir, DEVELOPER_PASSKEY_SIGNIN: 'on' },
    'localhost',
  );
  site = portal.baseUrl.replace('127.0.0.1', 'localhost');
  api = await requestContext.newContext({ baseURL: portal.baseUrl });
});

test.afterAll(async () => {
  await api.dispose();
  await portal.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** A platform authenticator that keeps discoverable passkeys and verifies its user. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * A developer signed in with the password who adds a passkey named Work laptop on /account:
 * a new factor asks the step-up first (the password). Answers the developer and the section,
 * its recovery codes showing.
 */
async function developerAddingPasskey(
  page: Page,
  allowFailedResponse: (path: string, status: number) => void,
) {
  await addVirtualAuthenticator(page);
  const developer = await createVerifiedDeveloper(api);
  await page.goto(`${site}/login`);
  await signInWithForm(page, developer.email, developer.password);
  await expect(page).toHaveURL(isPath('/create-new-app'), AFTER_LOAD);
  const section = await openPasskeys(page);
  await section.getByLabel(text.nameLabel).fill('Work laptop');
  allowFailedResponse(PasskeyPaths.registerOptions, 403);
  await section.getByRole('button', { name: text.add }).click();
  await confirmStepUp(page, { password: developer.password });
  const codes = section.getByRole('region', { name: TwoFactorMessages.recoveryTitle });
  await expect(codes.getByRole('listitem')).toHaveCount(10, AFTER_LOAD);
  return { developer, section, codes };
}

async function signOut(page: Page) {
  const banner = page.getByRole('banner');
  await openMenuWhenNarrow(banner);
  await banner.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(isPath('/login'), AFTER_LOAD);
}

async function openPasskeys(page: Page) {
  await page.goto(`${site}/account#two-factor`);
  const section = page.getByRole('region', { name: TwoFactorMessages.title });
  await section.getByRole('button', { name: TwoFactorMessages.managePasskeys }).click(AFTER_LOAD);
  return section;
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${String(width)} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Three argon2 checks and several axe runs: past the default minute on a busy machine.
    test.slow();

    test('adds a passkey, signs in and confirms a password change with it, removes it', async ({
      page,
      allowFailedResponse,
    }) => {
      const { developer, section, codes } = await developerAddingPasskey(page, allowFailedResponse);
      await expectNoAxeViolations(page);
      await codes.getByRole('button', { name: TwoFactorMessages.recoverySaved }).click();
      await expect(section.getByText('Work laptop', { exact: true })).toBeVisible();
      await expect(section.getByText(new RegExp(text.neverUsed))).toBeVisible();
      await expectNoAxeViolations(page);

      await signOut(page);
      await signInWithForm(page, developer.email, developer.password);
      const usePasskey = page.getByRole('button', { name: text.usePasskey });
      await expect(usePasskey).toBeVisible(AFTER_LOAD);
      await expectNoAxeViolations(page);
      await usePasskey.click();
      await expect(page).toHaveURL(isPath('/create-new-app'), AFTER_LOAD);

      // The password change asks again (docs/decisions/068-step-up.md): the passkey confirms.
      await page.goto(`${site}/account`);
      const account = Messages.account;
      await page.getByLabel(account.currentPasswordLabel, { exact: true }).fill(developer.password);
      await page.getByLabel(account.newPasswordLabel, { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel(account.repeatPasswordLabel, { exact: true }).fill(NEW_PASSWORD);
      allowFailedResponse(ApiPaths.accountPassword, 403);
      await page.getByRole('button', { name: account.changePassword }).click();
      const dialog = stepUpDialog(page);
      await expect(dialog.getByText(StepUpMessages.leadPasskey)).toBeVisible(AFTER_LOAD);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: StepUpMessages.usePasskey }).click();
      await expect(dialog).toBeHidden(AFTER_LOAD);
      await expectNotice(page, account.passwordChanged, 'success');

      const listed = await openPasskeys(page);
      await expect(listed.getByText(/last used/)).toBeVisible(AFTER_LOAD);
      await listed.getByRole('button', { name: text.remove('Work laptop') }).click();
      const form = listed.getByRole('form', { name: text.remove('Work laptop') });
      await form.getByLabel(TwoFactorMessages.passwordLabel, { exact: true }).fill(NEW_PASSWORD);
      await expectNoAxeViolations(page);
      await form.getByRole('button', { name: text.removeConfirm }).click();
      await expect(listed.getByText(text.none)).toBeVisible(AFTER_LOAD);
    });

    test('signs in by the passkey alone, and answers the hand-off login with it', async ({
      page,
      allowFailedResponse,
    }) => {
      const { developer, codes } = await developerAddingPasskey(page, allowFailedResponse);
      await codes.getByRole('button', { name: TwoFactorMessages.recoverySaved }).click(AFTER_LOAD);
      await signOut(page);

      await page.getByRole('button', { name: text.signInWithPasskey }).click(AFTER_LOAD);
      await expect(page).toHaveURL(isPath('/create-new-app'), AFTER_LOAD);
      await expectNotice(page, Messages.login.success, 'success');
      await signOut(page);
      await expectNoAxeViolations(page);

      // The embedded provider's token names no second factor (no amr): the passkey is asked.
      await loginScreen(page).flowLogin.click();
      const provider = flowProviderScreen(page);
      await provider.clientCode.fill(`PK${Date.now().toString(36).toUpperCase()}`);
      await provider.name.fill(developer.name);
      await provider.email.fill(developer.email);
      await provider.continue.click();
      await expect(page).toHaveURL(isPath('/flow-login-callback'), AFTER_LOAD);
      const usePasskey = page.getByRole('button', { name: text.usePasskey });
      await expect(usePasskey).toBeVisible(AFTER_LOAD);
      await expectNoAxeViolations(page);
      await usePasskey.click();
      await expect(page).toHaveURL(isPath('/create-new-app'), AFTER_LOAD);
    });
  });
}
