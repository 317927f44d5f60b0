import { ApiPaths } from '../src/contract/api-paths.js';
import { Messages } from '../src/contract/messages.js';
import { createVerifiedDeveloper, signInByApi, type NewDeveloper } from './support/accounts.js';
import { createAppByApi, freshIp } from './support/apps.js';
import { openMenuWhenNarrow } from './support/header.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { waitForMail } from './support/mailbox.js';
import { holdRequests } from './support/network.js';
import { expectNotice, notice } from './support/notices.js';
import { isPath } from './support/paths.js';
import { signInWithForm } from './support/screens.js';
import { confirmStepUp } from './support/step-up.js';
import type { Page } from '@playwright/test';

// The account screen (docs/product.md section 2.11): /account from the header, the profile kept across a reload,
// the password change that keeps this session and ends the others, at desktop and phone.

const NEW_PASSWORD = 'Brand-New7pass';
// The first check after a full page load: the shared 2-core test machine can take more
// than the default 5 s to load and run the scripts.
const AFTER_LOAD = { timeout: 15_000 };
// A held request goes on by itself after this long, so a slow axe run cannot fail the test.
const HOLD = { atMostMs: 20_000 };

async function signInToMyApps(page: Page, developer: NewDeveloper, password = developer.password) {
  await page.goto('/login');
  await signInWithForm(page, developer.email, password);
  await expect(page).toHaveURL(isPath('/create-new-app'), AFTER_LOAD);
}

function accountScreen(page: Page) {
  return {
    email: page.getByRole('textbox', { name: 'Email' }),
    name: page.getByRole('textbox', { name: 'Name' }),
    phone: page.getByRole('textbox', { name: 'Phone number (+91)' }),
    state: page.getByRole('combobox', { name: 'State of residence' }),
    save: page.getByRole('button', { name: 'Save profile' }),
    current: page.getByLabel('Current password', { exact: true }),
    next: page.getByLabel('New password', { exact: true }),
    repeat: page.getByLabel('Repeat new password', { exact: true }),
    change: page.getByRole('button', { name: 'Change password' }),
  };
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Whole flows with several argon2 sign-ins each: past the default minute on a busy machine.
    test.slow();

    test('the header shows who is signed in and leads to /account, where the profile is kept', async ({
      page,
      request,
    }) => {
      const developer = await createVerifiedDeveloper(request);
      await signInToMyApps(page, developer);
      const banner = page.getByRole('banner');
      await openMenuWhenNarrow(banner);
      const account = banner.getByRole('link', { name: 'My Account, signed in as Asha Rao' });
      await expect(account).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
      await account.click();
      await expect(page).toHaveURL(isPath('/account'));
      await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible(
        AFTER_LOAD,
      );
      await expect(page).toHaveTitle('My Account | Acme Trade Developers');

      const form = accountScreen(page);
      await expect(form.email).toHaveValue(developer.email);
      await expect(form.email).not.toBeEditable();
      await expect(form.name).toHaveValue('Asha Rao');
      await expect(form.phone).toHaveValue(developer.mobileDigits);
      await expect(form.state).toHaveValue(developer.state);
      await expect(form.save).toBeDisabled();
      await expectNoAxeViolations(page);

      await form.name.fill(' Asha');
      await form.phone.fill('90000');
      await expect(page.getByText(Messages.signup.nameInvalid)).toBeVisible();
      await expect(page.getByText(Messages.signup.mobileInvalid)).toBeVisible();
      await expect(form.name).toHaveAttribute('aria-invalid', 'true');
      await expect(form.save).toBeDisabled();
      await expectNoAxeViolations(page);

      await form.name.fill('Asha K-Rao');
      await form.phone.fill('9000000001');
      await form.state.selectOption('Kerala');
      await form.save.click();
      await expectNotice(page, Messages.account.profileSaved, 'success');
      await openMenuWhenNarrow(banner);
      await expect(
        banner.getByRole('link', { name: 'My Account, signed in as Asha K-Rao' }),
      ).toBeVisible();
      const hasNoSideScroll = await page.evaluate(
        () => document.documentElement.scrollWidth <= window.innerWidth,
      );
      expect(hasNoSideScroll).toBe(true);

      await page.reload();
      await expect(form.name).toHaveValue('Asha K-Rao', AFTER_LOAD);
      await expect(form.phone).toHaveValue('9000000001');
      await expect(form.state).toHaveValue('Kerala');
      await expect(form.email).toHaveValue(developer.email);
    });

    test('a password change needs the current password, keeps this session and ends the others', async ({
      page,
      request,
      allowFailedResponse,
    }) => {
      const developer = await createVerifiedDeveloper(request);
      const elsewhere = (await signInByApi(request, developer.email, developer.password))
        .user_status.AuthenticationResult.AccessToken;
      await signInToMyApps(page, developer);
      await openMenuWhenNarrow(page.getByRole('banner'));
      await page.getByRole('link', { name: /^My Account, signed in as/ }).click();
      const form = accountScreen(page);

      await form.current.fill('Wrong-pass1');
      await form.next.fill(NEW_PASSWORD);
      await form.repeat.fill(`${NEW_PASSWORD}x`);
      await expect(page.getByText(Messages.signup.passwordsDoNotMatch)).toBeVisible();
      await expect(form.change).toBeDisabled();
      await form.repeat.fill(NEW_PASSWORD);
      allowFailedResponse(ApiPaths.accountPassword, 400);
      allowFailedResponse(ApiPaths.accountPassword, 403);
      await form.change.click();
      // The change asks the password again first (decision 068), then checks the current one.
      await confirmStepUp(page, { password: developer.password });
      await expect(page.getByText(Messages.account.currentPasswordWrong)).toBeVisible();
      await expect(form.current).toBeFocused();
      await expect(form.current).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);

      // Keyboard only: the fields and the button in reading order.
      await form.current.fill(developer.password);
      await form.current.press('Enter');
      await expectNotice(page, Messages.account.passwordChanged, 'success');
      await expect(form.current).toHaveValue('');

      // This browser stays signed in; the other session's access token is refused.
      await page.reload();
      await expect(accountScreen(page).name).toHaveValue('Asha Rao', AFTER_LOAD);
      const refused = await request.get(ApiPaths.accountProfile, {
        headers: { authorization: `Bearer ${elsewhere}` },
        failOnStatusCode: false,
      });
      expect(refused.status()).toBe(401);

      const mail = await waitForMail(request, developer.email, 2);
      expect(mail.subject).toBe('Your Acme Trade developer password was changed');
      expect(mail.text).toContain('/account#sessions');

      await openMenuWhenNarrow(page.getByRole('banner'));
      await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(isPath('/login'));
      allowFailedResponse(ApiPaths.signin, 401);
      await signInWithForm(page, developer.email, developer.password);
      await expect(notice(page, Messages.auth.badCredentials)).toBeVisible();
      await page.reload();
      await signInWithForm(page, developer.email, NEW_PASSWORD);
      await expect(page).toHaveURL(isPath('/create-new-app'), AFTER_LOAD);
    });

    test('while the profile and the devices load, their panels stand in place, empty and disabled', async ({
      page,
      request,
    }) => {
      const developer = await createVerifiedDeveloper(request);
      await signInToMyApps(page, developer);
      const releaseProfile = await holdRequests(page, ApiPaths.accountProfile, HOLD);
      const releaseSessions = await holdRequests(page, ApiPaths.sessions, HOLD);
      await page.goto('/account');

      const form = accountScreen(page);
      const loadingProfile = page
        .getByRole('status')
        .filter({ hasText: Messages.account.loadingProfile });
      await expect(loadingProfile).toBeAttached(AFTER_LOAD);
      await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
      await expect(form.name).toBeDisabled();
      await expect(form.name).toHaveValue('');
      await expect(form.state).toBeDisabled();
      await expect(form.save).toBeDisabled();
      await expect(form.current).toBeEnabled();
      await expect(
        page.getByRole('status').filter({ hasText: Messages.sessions.loading }),
      ).toBeAttached();
      await expectNoAxeViolations(page);

      releaseProfile();
      releaseSessions();
      await expect(form.name).toHaveValue('Asha Rao');
      await expect(form.name).toBeEnabled();
      await expect(page.getByText(Messages.sessions.thisDevice)).toBeVisible();
      await expect(loadingProfile).toHaveCount(0);
    });
  });
}

test.describe('the update screen at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('has no header but keeps the account link and Logout', async ({ page, request }) => {
    const developer = await createVerifiedDeveloper(request);
    const token = (await signInByApi(request, developer.email, developer.password)).user_status
      .AuthenticationResult.AccessToken;
    const id = await createAppByApi(request, token, { name: 'Phone bot', ips: [freshIp()] });
    await signInToMyApps(page, developer);
    await page.goto(`/update-app/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Phone bot' })).toBeVisible(
      AFTER_LOAD,
    );
    await expect(page.getByRole('banner')).toHaveCount(0);
    const bar = page.getByRole('navigation', { name: 'Account' });
    await openMenuWhenNarrow(bar);
    await expect(
      bar.getByRole('link', { name: 'My Account, signed in as Asha Rao' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await bar.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(isPath('/login'));
  });
});
