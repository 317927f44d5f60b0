import { ApiPaths } from '../src/contract/api-paths.js';
import { E2E_ENV } from './support/server-env.js';
import {
  createVerifiedDeveloper,
  readStorage,
  rememberEmail,
  uniqueEmail,
} from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { listMail, otherCode, waitForCode, waitForMail } from './support/mailbox.js';
import { expectNotice } from './support/notices.js';
import { isPath } from './support/paths.js';
import { forgotScreen, requestResetCode, resetScreen, signInWithForm } from './support/screens.js';

// docs/product.md sections 2, 4 and 8: forgot (send code), reset (code and new password), login.

const NEW_PASSWORD = 'Brand-New77pw';

test('a developer resets the password with the mailed code, then signs in with the new one only', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  allowFailedResponse(ApiPaths.forgotPasswordVerify, 400);
  allowFailedResponse(ApiPaths.signin, 401);
  const developer = await createVerifiedDeveloper(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(isPath('/forgot-password'));

  const forgot = forgotScreen(page);
  await forgot.email.fill(developer.email);
  await forgot.sendCode.click();

  await expectNotice(page, 'Code sent successfully!', 'success');
  await expect(page).toHaveURL(isPath('/reset-password'));
  await expect(page.getByRole('main')).toContainText(developer.email);
  // The verification mail came first; the reset code is the second mail.
  const mail = await waitForMail(request, developer.email, 2);
  expect(mail.subject).toMatch(/password reset code/i);
  const code = await waitForCode(request, developer.email, 2);

  const reset = resetScreen(page);
  await reset.password.fill(NEW_PASSWORD);
  await reset.confirmPassword.fill(NEW_PASSWORD);
  // A complete but wrong code fails the async check under the field.
  await reset.code.fill(otherCode(code));
  await expect(reset.code).toHaveAttribute('aria-invalid', 'true');
  await expect(reset.code).toHaveAccessibleDescription('Invalid code.');
  await expect(reset.submit).toBeDisabled();

  await reset.code.fill(code);
  await expect(reset.code).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByText('Invalid code.', { exact: true })).toHaveCount(0);
  await expect(reset.submit).toBeEnabled();
  await reset.submit.click();

  await expectNotice(page, 'Password successfully updated!', 'success');
  await expect(page).toHaveURL(isPath('/login'));

  await signInWithForm(page, developer.email, developer.password);
  await expectNotice(page, 'Incorrect email or password.', 'error');
  await expect(page).toHaveURL(isPath('/login'));
  expect((await readStorage(page)).accessToken).toBeNull();

  await signInWithForm(page, developer.email, NEW_PASSWORD);
  await expectNotice(page, 'Successfully logged in', 'success');
  await expect(page).toHaveURL(isPath('/create-new-app'));
  expect((await readStorage(page)).accessToken).not.toBeNull();
});

test('a used reset code cannot reset the password again', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  allowFailedResponse(ApiPaths.forgotPasswordVerify, 400);
  const developer = await createVerifiedDeveloper(request);
  await requestResetCode(page, developer.email);
  const code = await waitForCode(request, developer.email, 2);
  const reset = resetScreen(page);
  await reset.code.fill(code);
  await reset.password.fill(NEW_PASSWORD);
  await reset.confirmPassword.fill(NEW_PASSWORD);
  await reset.submit.click();
  await expect(page).toHaveURL(isPath('/login'));

  await page.goto('/reset-password');
  await reset.code.fill(code);

  await expect(reset.code).toHaveAccessibleDescription('Invalid code.');
  await expect(reset.submit).toBeDisabled();
});

test('Resend Code on the reset screen says how long to wait when it is too soon', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  allowFailedResponse(ApiPaths.forgotPassword, 429);
  const developer = await createVerifiedDeveloper(request);
  await requestResetCode(page, developer.email);
  await expectNotice(page, 'Code sent successfully!', 'success');

  // Within 60 s of the first code the server refuses with the wait (never silently).
  await resetScreen(page).resend.click();

  await expectNotice(page, /^Please wait \d+ seconds before requesting another code\.$/, 'error');
  await expect(page).toHaveURL(isPath('/reset-password'));
});

test('an unknown e-mail gets the same answer and no mail', async ({ page, request }) => {
  const email = uniqueEmail('nobody');
  await page.goto('/forgot-password');
  await forgotScreen(page).email.fill(email);
  await forgotScreen(page).sendCode.click();

  await expectNotice(page, 'Code sent successfully!', 'success');
  await expect(page).toHaveURL(isPath('/reset-password'));
  expect(await listMail(request, email)).toEqual([]);
});

test('the forgot and reset screens link back, and forgot links to support', async ({ page }) => {
  await page.goto('/forgot-password');
  const support = page.getByRole('main').getByRole('link', { name: 'Contact support' });
  await expect(support).toHaveAttribute('href', E2E_ENV.SUPPORT_URL);
  await expect(support).toHaveAttribute('target', '_blank');
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(isPath('/login'));

  await rememberEmail(page, uniqueEmail());
  await page.goto('/reset-password');
  await page.getByRole('main').getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(isPath('/forgot-password'));
});
