import type { Page } from '@playwright/test';
import type { NewDeveloper } from './accounts.js';
import { expect } from './fixtures.js';
import { isPath } from './paths.js';

// The account screens of docs/product.md section 2, located as a user finds them: by role and label.

export function loginScreen(page: Page) {
  return {
    email: page.getByRole('textbox', { name: 'Email' }),
    password: page.getByLabel('Password', { exact: true }),
    signIn: page.getByRole('button', { name: 'Sign in', exact: true }),
    flowLogin: page.getByRole('button', { name: 'Login Using Acme Trade Credentials' }),
  };
}

export function signupScreen(page: Page) {
  return {
    email: page.getByRole('textbox', { name: 'Email' }),
    name: page.getByRole('textbox', { name: 'Name', exact: true }),
    password: page.getByLabel('Password', { exact: true }),
    repeatPassword: page.getByLabel('Repeat password'),
    phone: page.getByRole('textbox', { name: 'Phone number (+91)' }),
    state: page.getByRole('combobox', { name: 'State of residence' }),
    terms: page.getByRole('checkbox', { name: /^I agree to the terms/ }),
    signUp: page.getByRole('button', { name: 'Sign Up' }),
  };
}

export function otpScreen(page: Page) {
  return {
    code: page.getByRole('textbox', { name: 'One-time code' }),
    validate: page.getByRole('button', { name: 'Validate OTP' }),
    resend: page.getByRole('button', { name: 'Resend Otp' }),
  };
}

// Inside its own card: right after a click from /login, the login form's Email field can
// still be on the page, and a fill would land there.
export function forgotScreen(page: Page) {
  const card = page.getByRole('region', { name: 'Forgot password' });
  return {
    email: card.getByRole('textbox', { name: 'Email' }),
    sendCode: card.getByRole('button', { name: 'Send Code' }),
  };
}

export function resetScreen(page: Page) {
  return {
    code: page.getByRole('textbox', { name: 'Code', exact: true }),
    password: page.getByLabel('New Password', { exact: true }),
    confirmPassword: page.getByLabel('Confirm Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Submit' }),
    resend: page.getByRole('button', { name: 'Resend Code' }),
  };
}

/** The embedded hand-off provider's page (/dev/flow). */
export function flowProviderScreen(page: Page) {
  return {
    clientCode: page.getByRole('textbox', { name: 'Client code' }),
    name: page.getByRole('textbox', { name: 'Name' }),
    email: page.getByRole('textbox', { name: 'E-mail' }),
    continue: page.getByRole('button', { name: 'Continue' }),
  };
}

/** The embedded provider's second step of a Connect sign-in (docs/connect.md). */
export function flowCodeScreen(page: Page) {
  return {
    code: page.getByRole('textbox', { name: 'Code (6 digits)' }),
    shownCode: page.locator('.test-code'),
    signIn: page.getByRole('button', { name: 'Sign in' }),
  };
}

/** Types the code the embedded provider shows for testing and signs in. */
export async function passFlowCodeStep(page: Page) {
  const step = flowCodeScreen(page);
  await step.code.fill((await step.shownCode.textContent()) ?? '');
  await step.signIn.click();
}

/** Fills every sign-up field with the developer's values (the terms stay as they are). */
export async function fillSignup(page: Page, developer: NewDeveloper) {
  const form = signupScreen(page);
  await form.email.fill(developer.email);
  await form.name.fill(developer.name);
  await form.password.fill(developer.password);
  await form.repeatPassword.fill(developer.password);
  await form.phone.fill(developer.mobileDigits);
  await form.state.selectOption(developer.state);
}

/** Fills and submits the login form. */
export async function signInWithForm(page: Page, email: string, password: string) {
  const form = loginScreen(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.signIn.click();
}

/** Asks for a reset code on /forgot-password and waits for the reset screen. */
export async function requestResetCode(page: Page, email: string) {
  await page.goto('/forgot-password');
  await forgotScreen(page).email.fill(email);
  await forgotScreen(page).sendCode.click();
  await expect(page).toHaveURL(isPath('/reset-password'));
}
