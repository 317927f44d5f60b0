import { ApiPaths } from '../src/contract/api-paths.js';
import type { Locator, Page } from '@playwright/test';
import { newDeveloper, rememberEmail, uniqueEmail } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { isPath } from './support/paths.js';
import {
  fillSignup,
  forgotScreen,
  loginScreen,
  otpScreen,
  resetScreen,
  signupScreen,
} from './support/screens.js';

// docs/product.md section 5, every client validation message of the account screens, exactly as
// worded there, shown under its field: the input is aria-invalid and described by it.
// 'Password is required!' and the terms text are ours (the spec names none).

async function expectFieldError(page: Page, field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

async function expectNoFieldError(field: Locator) {
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  await expect(field).not.toHaveAttribute('aria-describedby', /error/);
}

test.describe('sign-up', () => {
  type SignupField = keyof ReturnType<typeof signupScreen>;
  const good = newDeveloper();

  const CASES: readonly (readonly [SignupField, string, string])[] = [
    ['email', '', 'Email is required!'],
    ['email', 'asha@example', 'Invalid email format!'],
    ['email', 'asha@example.c', 'Invalid email format!'],
    ['email', 'asha rao@example.com', 'Invalid email format!'],
    ['email', '.asha@example.com', 'Invalid email format!'],
    ['name', '', 'Name is required!'],
    ['name', ' Asha', 'Invalid name format!'],
    ['name', 'Asha!', 'Invalid name format!'],
    ['password', '', 'User must follow the password policy !!!'],
    ['password', 'Short-1a', 'User must follow the password policy !!!'],
    ['password', 'no-upper-12', 'User must follow the password policy !!!'],
    ['password', 'NO-LOWER-12', 'User must follow the password policy !!!'],
    ['password', 'No-Digits-abc', 'User must follow the password policy !!!'],
    ['password', 'NoSpecial12ab', 'User must follow the password policy !!!'],
    ['repeatPassword', '', 'Please confirm your password!'],
    ['repeatPassword', 'Other-Pass12', 'Passwords do not match!'],
    ['phone', '', 'Mobile number required!'],
    ['phone', '98765', 'Please enter a valid 10-digit phone number!'],
    ['phone', 'abcdefghij', 'Please enter a valid 10-digit phone number!'],
    ['state', '', 'Please select state!'],
  ];

  async function setValue(
    form: ReturnType<typeof signupScreen>,
    field: SignupField,
    value: string,
  ) {
    if (field === 'state') await form.state.selectOption(value);
    else await form[field].fill(value);
  }

  const goodValue: Record<SignupField, string> = {
    email: good.email,
    name: good.name,
    password: good.password,
    repeatPassword: good.password,
    phone: good.mobileDigits,
    state: good.state,
    terms: '',
    signUp: '',
  };

  for (const [field, value, message] of CASES) {
    test(`${field} "${value}" shows "${message}" and disables Sign Up`, async ({ page }) => {
      await page.goto('/signup');
      const form = signupScreen(page);
      await fillSignup(page, good);
      await expect(form.signUp).toBeEnabled();

      await setValue(form, field, value);

      await expectFieldError(page, form[field], message);
      await expect(form.signUp).toBeDisabled();

      await setValue(form, field, goodValue[field]);
      await expectNoFieldError(form[field]);
      await expect(page.getByText(message, { exact: true })).toHaveCount(0);
      await expect(form.signUp).toBeEnabled();
    });
  }

  test('accepts every form the rules allow', async ({ page }) => {
    await page.goto('/signup');
    const form = signupScreen(page);
    await fillSignup(page, good);
    for (const email of ['first.last+tag@mail.example.co', 'a_b-c@x-y.in', 'ASHA@EXAMPLE.COM']) {
      await form.email.fill(email);
      await expectNoFieldError(form.email);
      await expect(form.signUp).toBeEnabled();
    }
    for (const name of ['Jean-Luc Picard', 'asha_rao 2', '-dash']) {
      await form.name.fill(name);
      await expectNoFieldError(form.name);
      await expect(form.signUp).toBeEnabled();
    }
    // 9 and 16 characters: both ends of the policy.
    for (const password of ['Abcdefg1!', 'Abcdefghijk12#$%']) {
      await form.password.fill(password);
      await form.repeatPassword.fill(password);
      await expectNoFieldError(form.password);
      await expect(form.signUp).toBeEnabled();
    }
  });

  test('a repeat password that differs is flagged while other fields are still empty', async ({
    page,
  }) => {
    await page.goto('/signup');
    const form = signupScreen(page);
    await form.password.fill(good.password);
    await form.repeatPassword.fill('Other-Pass12');
    await expectFieldError(page, form.repeatPassword, 'Passwords do not match!');
  });

  test('Sign Up is disabled on the empty form and while the terms are not accepted', async ({
    page,
  }) => {
    await page.goto('/signup');
    const form = signupScreen(page);
    await expect(form.terms).toBeChecked();
    await expect(form.signUp).toBeDisabled();
    await fillSignup(page, good);
    await expect(form.signUp).toBeEnabled();

    await form.terms.uncheck();
    await expect(form.signUp).toBeDisabled();
    await form.terms.check();
    await expect(form.signUp).toBeEnabled();
  });

  test('the password tooltip states the policy', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Password policy' }).focus();
    await expect(page.getByRole('tooltip')).toHaveText(
      'At least 9 characters with one uppercase, one lowercase, one number and one special character',
    );
  });

  test('offers the 29 states, a Back link to / and the risk notice', async ({ page }) => {
    await page.goto('/signup');
    const options = signupScreen(page).state.getByRole('option');
    // A placeholder, then the 29 states.
    await expect(options).toHaveCount(30);
    await expect(options.nth(1)).toHaveText('Andhra Pradesh');
    await expect(options.last()).toHaveText('West Bengal');
    await expect(page.getByRole('main').getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.getByText(/subject to market risks/)).toBeVisible();
  });

  for (const [width, first] of [
    [1280, 'notice'],
    [375, 'button'],
  ] as const) {
    test(`at ${width} px the ${first} comes first (separate desktop and mobile layouts)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/signup');
      const form = signupScreen(page);
      const termsBox = await form.terms.boundingBox();
      const buttonBox = await form.signUp.boundingBox();
      if (termsBox === null || buttonBox === null) throw new Error('not laid out');
      if (first === 'notice') expect(termsBox.y).toBeLessThan(buttonBox.y);
      else expect(buttonBox.y).toBeLessThan(termsBox.y);
    });
  }
});

test.describe('login', () => {
  test('e-mail and password are required, and the e-mail follows the sign-up pattern', async ({
    page,
  }) => {
    await page.goto('/login');
    const form = loginScreen(page);
    await form.email.focus();
    await form.password.focus();
    await expectFieldError(page, form.email, 'Email is required!');
    await form.signIn.focus();
    await expectFieldError(page, form.password, 'Password is required!');

    await form.email.fill('asha@example');
    await expectFieldError(page, form.email, 'Invalid email format!');
    await form.email.fill('asha@example.com');
    await expectNoFieldError(form.email);
    await form.password.fill('anything');
    await expectNoFieldError(form.password);
  });

  test('submitting the empty form shows both messages and calls nothing', async ({ page }) => {
    let signins = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === ApiPaths.signin) signins += 1;
    });
    await page.goto('/login');
    const form = loginScreen(page);
    await form.signIn.click();
    await expectFieldError(page, form.email, 'Email is required!');
    await expectFieldError(page, form.password, 'Password is required!');
    expect(signins).toBe(0);
  });
});

test.describe('one-time code', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await rememberEmail(page, uniqueEmail());
    await page.goto('/verify-otp');
  });

  test('accepts digits only: letters and spaces typed do nothing', async ({ page }) => {
    const otp = otpScreen(page);
    await otp.code.pressSequentially('1a 2B-3 ');
    await expect(otp.code).toHaveValue('123');
    await otp.code.press('Space');
    await expect(otp.code).toHaveValue('123');
    await otp.code.pressSequentially('456789');
    await expect(otp.code).toHaveValue('123456');
  });

  test('a pasted code keeps its digits', async ({ page }) => {
    const otp = otpScreen(page);
    await otp.code.focus();
    await otp.code.evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', '12 34-56');
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await expect(otp.code).toHaveValue('123456');
    await expect(otp.validate).toBeEnabled();
  });

  test('Validate OTP is disabled until 6 digits are there', async ({ page }) => {
    const otp = otpScreen(page);
    await expect(otp.validate).toBeDisabled();
    await otp.code.fill('12345');
    await expect(otp.validate).toBeDisabled();
    await otp.code.fill('123456');
    await expect(otp.validate).toBeEnabled();
    await otp.code.press('Backspace');
    await expect(otp.validate).toBeDisabled();
  });

  test('Back leads to /signup', async ({ page }) => {
    await page.getByRole('main').getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(isPath('/signup'));
  });
});

test.describe('forgot password', () => {
  for (const [value, message] of [
    ['', 'Email is required!'],
    ['asha@example', 'Invalid email format!'],
    ['asha@@example.com', 'Invalid email format!'],
  ] as const) {
    test(`"${value}" shows "${message}" and disables Send Code`, async ({ page }) => {
      await page.goto('/forgot-password');
      const form = forgotScreen(page);
      await expect(form.sendCode).toBeDisabled();
      await form.email.fill('asha@example.com');
      await expect(form.sendCode).toBeEnabled();

      await form.email.fill(value);

      await expectFieldError(page, form.email, message);
      await expect(form.sendCode).toBeDisabled();
    });
  }
});

test.describe('reset password', () => {
  const HINT =
    '9 to 16 characters with an uppercase and a lowercase letter, a number and a special character.';

  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await rememberEmail(page, uniqueEmail());
    await page.goto('/reset-password');
  });

  test('the code is required and has 6 digits', async ({ page }) => {
    const form = resetScreen(page);
    await form.code.fill('1');
    await form.code.fill('');
    await expectFieldError(page, form.code, 'Code is required!');
    await form.code.fill('123');
    await expectFieldError(page, form.code, 'Code must be a 6-digit number!');
    await expect(form.submit).toBeDisabled();
  });

  test('a complete code the server does not know shows "Invalid code."', async ({
    page,
    allowFailedResponse,
  }) => {
    allowFailedResponse(ApiPaths.forgotPasswordVerify, 400);
    const form = resetScreen(page);
    await form.code.fill('123456');
    await expectFieldError(page, form.code, 'Invalid code.');
    await expect(form.submit).toBeDisabled();
  });

  test('the new password follows the sign-up policy and its hint says so', async ({ page }) => {
    const form = resetScreen(page);
    await expect(form.password).toHaveAccessibleDescription(HINT);
    // docs/product.md section 12: the sign-up policy on the reset screen too (9 to 16, all four kinds).
    for (const weak of [
      'Abc1234!',
      '',
      'abcdefgh12!',
      'ABCDEFGH12!',
      'Abcdefghijk!',
      'Abcdefgh1234',
    ]) {
      await form.password.fill(weak);
      await expect(form.password, weak).toHaveAttribute('aria-invalid', 'true');
      await expect(form.password).toHaveAccessibleDescription(`Invalid password ${HINT}`);
    }
    await form.password.fill('Abcdefghijk12#$%z');
    await expect(form.password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Invalid password', { exact: true })).toBeVisible();
    // Inside 9 to 16, outside the 6 to 12 of the older validator.
    for (const strong of ['Abcdefg1!', 'Abcdefghijk12#$%']) {
      await form.password.fill(strong);
      await expect(form.password, strong).toHaveAttribute('aria-invalid', 'false');
      await expect(page.getByText('Invalid password', { exact: true })).toHaveCount(0);
    }
  });

  test('the confirmation must equal the new password', async ({ page }) => {
    const form = resetScreen(page);
    await form.code.fill('12');
    await form.password.fill('Brand-New77pw');
    await form.confirmPassword.fill('Brand-New77px');
    await expectFieldError(page, form.confirmPassword, 'Password does not match!');
    await expect(form.submit).toBeDisabled();
    await form.confirmPassword.fill('Brand-New77pw');
    await expectNoFieldError(form.confirmPassword);
  });

  test('a confirmation that differs is flagged before the code is typed', async ({ page }) => {
    // Users fill the passwords first as often as the code: the message must not wait for it.
    const form = resetScreen(page);
    await form.password.fill('Brand-New77pw');
    await form.confirmPassword.fill('Brand-New77px');
    await expectFieldError(page, form.confirmPassword, 'Password does not match!');
  });

  test('Submit is disabled on the empty form', async ({ page }) => {
    await expect(resetScreen(page).submit).toBeDisabled();
  });
});
