import { ApiPaths } from '../src/contract/api-paths.js';
import { Messages } from '../src/contract/messages.js';
import type { Page } from '@playwright/test';
import {
  claimsOf,
  createVerifiedDeveloper,
  newDeveloper,
  postJson,
  readStorage,
  signUpByApi,
} from './support/accounts.js';
import { ageCodes } from './support/code-age.js';
import { expect, test } from './support/fixtures.js';
import { codeOf, listMail, otherCode, waitForCode, waitForMail } from './support/mailbox.js';
import { expectNotice } from './support/notices.js';
import { isPath } from './support/paths.js';
import {
  fillSignup,
  loginScreen,
  otpScreen,
  signInWithForm,
  signupScreen,
} from './support/screens.js';

// docs/product.md section 4: sign-up, the OTP, login success, 'developer is not verified', 'developer
// exists' and Logout, driven through the screens with codes read from the embedded mailbox.

const RESEND_GAP_MS = 60_000; // At least 60 s between two codes to one address

async function validateCode(page: Page, code: string) {
  const otp = otpScreen(page);
  await otp.code.fill(code);
  await otp.validate.click();
}

test('a new developer signs up, verifies the mailed code, signs in and signs out', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  allowFailedResponse(ApiPaths.sendConfirmation, 429);
  allowFailedResponse(ApiPaths.confirm, 400);
  allowFailedResponse(ApiPaths.refresh, 401);
  const developer = newDeveloper();
  await page.goto('/signup');
  await fillSignup(page, developer);
  const form = signupScreen(page);
  await expect(form.terms).toBeChecked();
  await expect(form.signUp).toBeEnabled();

  await form.signUp.click();

  await expectNotice(page, 'Successfully signed up!', 'success');
  await expect(page).toHaveURL(isPath('/verify-otp'));
  await expect(page.getByRole('main')).toContainText(developer.email);

  const mail = await waitForMail(request, developer.email);
  const code = codeOf(mail);
  expect(mail.to).toBe(developer.email);
  expect(mail.html).toContain(code);

  // docs/product.md section 8: a failed resend shows the server's message as an error notice; the
  // first code went out a moment ago, so the server asks to wait.
  await otpScreen(page).resend.click();
  await expectNotice(page, /^Please wait \d+ seconds before requesting another code\.$/, 'error');
  expect(await listMail(request, developer.email)).toHaveLength(1);

  // A wrong code: the server's message as an error notice, and the screen stays.
  await validateCode(page, otherCode(code));
  await expectNotice(page, 'Invalid code.', 'error');
  await expect(page).toHaveURL(isPath('/verify-otp'));

  await validateCode(page, code);
  await expectNotice(page, 'OTP verified successfully!', 'success');
  await expect(page).toHaveURL(isPath('/login'));

  await signInWithForm(page, developer.email, developer.password);
  await expectNotice(page, 'Successfully logged in', 'success');
  await expect(page).toHaveURL(isPath('/create-new-app'));
  const stored = await readStorage(page);
  if (stored.accessToken === null || stored.refreshToken === null) {
    throw new Error(`no session stored: ${JSON.stringify(stored)}`);
  }
  expect(stored.refreshToken).not.toBe('');
  expect(stored.developerId).not.toBeNull();
  expect(stored.email).toBe(developer.email);
  const claims = claimsOf(stored.accessToken);
  expect(claims.sub).toBe(stored.developerId);
  expect(claims.exp).toEqual(expect.any(Number));
  expect(claims.exp as number).toBeGreaterThan(Date.now() / 1000);
  // The developer record as the server stored it: docs/product.md section 9, the phone went out with +91.
  expect(JSON.parse(stored.developer ?? 'null')).toEqual({
    id: stored.developerId,
    name: developer.name,
    email: developer.email,
    mobile: `+91${developer.mobileDigits}`,
    deviceId: '',
  });

  const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' });
  await expect(logout).toBeVisible();
  await page.evaluate(() => Object.assign(window, { beforeLogout: true }));
  await logout.click();
  await expect(page).toHaveURL(isPath('/login'));
  await page.waitForLoadState('load');
  // docs/product.md section 4: a full page load that leaves no tokens nor developer id behind.
  expect(await page.evaluate(() => 'beforeLogout' in window)).toBe(false);
  expect(await readStorage(page)).toMatchObject({
    accessToken: null,
    refreshToken: null,
    developerId: null,
  });
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  // Logout also revoked the refresh token on the server.
  const refresh = await postJson(request, ApiPaths.refresh, {
    refresh_token: stored.refreshToken,
    id: stored.developerId,
  });
  expect(refresh.status()).toBe(401);
});

test('signing up with an e-mail that exists shows "developer exists" and goes to /login', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  allowFailedResponse(ApiPaths.signup, 409);
  const existing = await createVerifiedDeveloper(request);
  await page.goto('/signup');
  await fillSignup(page, newDeveloper({ email: existing.email, name: 'Someone Else' }));
  await signupScreen(page).signUp.click();

  await expectNotice(page, 'developer exists', 'info');
  await expect(page).toHaveURL(isPath('/login'));
  expect(await listMail(request, existing.email)).toHaveLength(1);
});

test('a wrong password of an unverified account is refused like any other', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  allowFailedResponse(ApiPaths.signin, 401);
  const developer = await signUpByApi(request);
  await page.goto('/login');
  await signInWithForm(page, developer.email, 'Wrong-Pass99');

  await expectNotice(page, 'Incorrect email or password.', 'error');
  await expect(page).toHaveURL(isPath('/login'));
  // "not verified" is said only to someone who knows the password: no new code.
  expect(await listMail(request, developer.email)).toHaveLength(1);
});

test('an unverified sign-in within a minute of the last code goes on to the code screen', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  allowFailedResponse(ApiPaths.signin, 403);
  allowFailedResponse(ApiPaths.sendConfirmation, 429);
  const developer = await signUpByApi(request);
  await page.goto('/login');
  await signInWithForm(page, developer.email, developer.password);

  // The resend is refused (a code went out under a minute ago), and the
  // code already sent still works, so the sign-in goes on instead of stalling on /login.
  await expectNotice(page, Messages.otp.recentCodeWorks, 'info');
  await expect(page).toHaveURL(isPath('/verify-otp'));
  expect(await readStorage(page)).toMatchObject({ accessToken: null, refreshToken: null });
});

test('an unverified sign-in sends a new code, which verifies the account; the old one is refused', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  allowFailedResponse(ApiPaths.signin, 403);
  allowFailedResponse(ApiPaths.confirm, 400);
  const developer = await signUpByApi(request);
  const firstCode = codeOf(await waitForMail(request, developer.email));
  // The resend gap has passed since the first code, without waiting it out in real time.
  await ageCodes(developer.email, RESEND_GAP_MS + 1_000);
  await page.goto('/login');

  await signInWithForm(page, developer.email, developer.password);

  await expectNotice(page, 'Otp has been successfully send !!!', 'success');
  await expect(page).toHaveURL(isPath('/verify-otp'));
  await expect(page.getByRole('main')).toContainText(developer.email);
  const secondCode = await waitForCode(request, developer.email, 2);
  expect(await readStorage(page)).toMatchObject({
    email: developer.email,
    accessToken: null,
  });

  // A new code supersedes the older ones.
  if (secondCode !== firstCode) {
    await validateCode(page, firstCode);
    await expectNotice(page, 'Invalid code.', 'error');
    await expect(page).toHaveURL(isPath('/verify-otp'));
  }

  await validateCode(page, secondCode);
  await expectNotice(page, 'OTP verified successfully!', 'success');
  await expect(page).toHaveURL(isPath('/login'));
  await signInWithForm(page, developer.email, developer.password);
  await expect(page).toHaveURL(isPath('/create-new-app'));
  expect((await readStorage(page)).accessToken).not.toBeNull();
});

test('a signed-in developer who loads /login is sent to /create-new-app', async ({
  page,
  request,
}) => {
  const developer = await createVerifiedDeveloper(request);
  await page.goto('/login');
  await signInWithForm(page, developer.email, developer.password);
  await expect(page).toHaveURL(isPath('/create-new-app'));

  await page.goto('/login');

  await expect(page).toHaveURL(isPath('/create-new-app'));
  await expect(loginScreen(page).signIn).toHaveCount(0);
});
