import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { OpsClientPaths, OpsLimits, type OperatorRole } from '../../src/contract/ops.js';
import { OpsMessages } from '../../src/contract/ops-messages.js';
import { GOOD_PASSWORD, uniqueEmail } from './accounts.js';
import { runAdmin } from './admin.js';
import { expect } from './fixtures.js';

const STEP_MS = OpsLimits.totpPeriodSeconds * 1000;

/** An operator enrolled in the browser: the TOTP key read from the enroll page. */
export interface EnrolledOperator {
  readonly email: string;
  readonly role: OperatorRole;
  readonly password: string;
  readonly secret: string;
  /** The last TOTP step a code was used for: the server takes each step once. */
  lastStep: number;
}

/** `operators add EMAIL --role ROLE`: the e-mail and the enrollment link's path. */
export async function addOperator(
  role: OperatorRole,
): Promise<{ email: string; enrollPath: string }> {
  const email = uniqueEmail(role);
  const out = await runAdmin('operators', 'add', email, '--role', role);
  const link = /Enrollment link \(valid until [^)]+\): (\S+)/.exec(out)?.[1];
  if (link === undefined) throw new Error(`no enrollment link in:\n${out}`);
  const url = new URL(link);
  expect(url.pathname).toBe(OpsClientPaths.enroll);
  return { email, enrollPath: `${url.pathname}${url.search}` };
}

function codeAt(secret: string, step: number): string {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    digits: OpsLimits.totpDigits,
    period: OpsLimits.totpPeriodSeconds,
  }).generate({ timestamp: step * STEP_MS });
}

/**
 * A code the server takes now: the clock's step, or the step after the last one used when
 * that is later; the server takes one step ahead, so beyond that this waits for the clock.
 */
export async function nextCode(operator: EnrolledOperator, page: Page): Promise<string> {
  const step = Math.max(operator.lastStep + 1, Math.floor(Date.now() / STEP_MS));
  const wait = (step - 1) * STEP_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 200);
  operator.lastStep = step;
  return codeAt(operator.secret, step);
}

/** Opens the enrollment link, reads the key shown, sets the password and sends the first code. */
export async function enrollInBrowser(
  page: Page,
  added: { email: string; enrollPath: string },
  role: OperatorRole,
): Promise<EnrolledOperator> {
  await page.goto(added.enrollPath);
  await expect(
    page.getByRole('heading', { level: 1, name: OpsMessages.enroll.title }),
  ).toBeVisible();
  await expect(
    page.getByText(OpsMessages.enroll.intro(added.email, OpsMessages.roles[role])),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: OpsMessages.enroll.qrLabel })).toBeVisible();
  const secret = (await page.locator('code').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const operator: EnrolledOperator = {
    email: added.email,
    role,
    password: GOOD_PASSWORD,
    secret,
    lastStep: 0,
  };
  await page.getByLabel(OpsMessages.enroll.password, { exact: true }).fill(operator.password);
  await page.getByLabel(OpsMessages.enroll.confirmPassword).fill(operator.password);
  await page.getByLabel(OpsMessages.enroll.code).fill(await nextCode(operator, page));
  await page.getByRole('button', { name: OpsMessages.enroll.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: OpsMessages.enroll.done })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === OpsClientPaths.login);
  return operator;
}

/** Fills the console's sign-in form and sends it with `code`. */
export async function submitSignIn(page: Page, operator: EnrolledOperator, code: string) {
  await page.getByLabel(OpsMessages.login.email).fill(operator.email);
  await page.getByLabel(OpsMessages.login.password, { exact: true }).fill(operator.password);
  await page.getByLabel(OpsMessages.login.code).fill(code);
  await page.getByRole('button', { name: OpsMessages.login.submit }).click();
}

/** Signs in on /ops/login and waits for the console's shell. */
export async function signInOperator(page: Page, operator: EnrolledOperator) {
  if (new URL(page.url()).pathname !== OpsClientPaths.login) await page.goto(OpsClientPaths.login);
  await submitSignIn(page, operator, await nextCode(operator, page));
  await expect(
    page.getByText(OpsMessages.nav.signedInAs(operator.email, OpsMessages.roles[operator.role])),
  ).toBeVisible();
}

/** A new operator of `role`, enrolled and signed in on `page`. */
export async function signedInOperator(page: Page, role: OperatorRole): Promise<EnrolledOperator> {
  const operator = await enrollInBrowser(page, await addOperator(role), role);
  await signInOperator(page, operator);
  return operator;
}
