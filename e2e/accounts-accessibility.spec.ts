import { ApiPaths } from '../src/contract/api-paths.js';
import { rememberEmail, uniqueEmail } from './support/accounts.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { holdRequests } from './support/network.js';
import { isPath } from './support/paths.js';
import {
  flowProviderScreen,
  forgotScreen,
  loginScreen,
  otpScreen,
  resetScreen,
  signupScreen,
} from './support/screens.js';

// WCAG 2.1 A/AA and axe best practices on every account screen, desktop and phone, also
// with the rebranding notice open and with validation messages showing.

const WIDTHS = [1280, 375] as const;
const LEGACY_LOC = `/login?loc=${encodeURIComponent('https://www.oldbroker.com/')}`;

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('/login has no axe violations', async ({ page }) => {
      await page.goto('/login');
      await expect(loginScreen(page).signIn).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('/login with the rebranding notice open has no axe violations', async ({ page }) => {
      await page.goto(LEGACY_LOC);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Okay! got it' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('/login with validation messages has no axe violations', async ({ page }) => {
      await page.goto('/login');
      await loginScreen(page).signIn.click();
      await expect(loginScreen(page).email).toHaveAttribute('aria-invalid', 'true');
      await expect(loginScreen(page).password).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
    });

    test('/signup has no axe violations', async ({ page }) => {
      await page.goto('/signup');
      await expect(signupScreen(page).signUp).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('/signup with validation messages has no axe violations', async ({ page }) => {
      await page.goto('/signup');
      const form = signupScreen(page);
      await form.email.fill('not-an-email');
      await form.name.fill(' Asha');
      await form.password.fill('short');
      await form.repeatPassword.fill('other');
      await form.repeatPassword.fill('');
      await form.phone.fill('123');
      await form.state.selectOption('Goa');
      await form.state.selectOption('');
      await form.terms.uncheck();
      for (const field of [
        form.email,
        form.name,
        form.password,
        form.repeatPassword,
        form.phone,
        form.state,
      ]) {
        await expect(field).toHaveAttribute('aria-invalid', 'true');
      }
      await expectNoAxeViolations(page);
    });

    test('/signup with the password policy tooltip open has no axe violations', async ({
      page,
    }) => {
      await page.goto('/signup');
      // Opened from the keyboard: Tab from Name reaches the tooltip's button.
      await signupScreen(page).name.focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Password policy' })).toBeFocused();
      await expect(page.getByRole('tooltip')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('/verify-otp has no axe violations', async ({ page }) => {
      await page.goto('/login');
      await rememberEmail(page, uniqueEmail());
      await page.goto('/verify-otp');
      await otpScreen(page).code.fill('123');
      await expect(otpScreen(page).validate).toBeDisabled();
      await expectNoAxeViolations(page);
    });

    test('/forgot-password has no axe violations, also with a message', async ({ page }) => {
      await page.goto('/forgot-password');
      const form = forgotScreen(page);
      await expect(form.sendCode).toBeVisible();
      await expectNoAxeViolations(page);
      await form.email.fill('not-an-email');
      await expect(form.email).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
    });

    test('/reset-password has no axe violations, also with messages', async ({ page }) => {
      await page.goto('/login');
      await rememberEmail(page, uniqueEmail());
      await page.goto('/reset-password');
      const form = resetScreen(page);
      await expect(form.submit).toBeVisible();
      await expectNoAxeViolations(page);
      await form.code.fill('12');
      await form.password.fill('weak');
      await form.confirmPassword.fill('other');
      for (const field of [form.code, form.password, form.confirmPassword]) {
        await expect(field).toHaveAttribute('aria-invalid', 'true');
      }
      await expectNoAxeViolations(page);
    });

    test('/dev/flow and /flow-login-callback have no axe violations', async ({ page }) => {
      await page.goto('/login');
      await loginScreen(page).flowLogin.click();
      const provider = flowProviderScreen(page);
      await expect(provider.continue).toBeVisible();
      await expectNoAxeViolations(page);

      // Hold the token exchange so the callback screen stays up while axe looks at it.
      const release = await holdRequests(page, ApiPaths.loginWithFlow);
      await provider.clientCode.fill(`AX${Date.now().toString(36)}`);
      await provider.name.fill('Axe Tester');
      await provider.email.fill(uniqueEmail('axe'));
      await provider.continue.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Signing you in…' })).toBeVisible();
      await expectNoAxeViolations(page);
      release();
      await expect(page).toHaveURL(isPath('/create-new-app'));
    });

    test('/dev/flow with its field errors has no axe violations', async ({
      page,
      allowFailedResponse,
    }) => {
      allowFailedResponse('/dev/flow', 400);
      await page.goto('/dev/flow?applicationId=developer-portal');
      await flowProviderScreen(page).continue.click();
      await expect(flowProviderScreen(page).clientCode).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
    });
  });
}
