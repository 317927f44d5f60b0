import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  OpsApiPaths,
  OpsLimits,
  type EnrollmentResponse,
  type OperatorRole,
} from '../../src/contract/ops.js';
import { postJson, uniqueEmail } from './accounts.js';
import { runAdmin } from './admin.js';
import { expect } from './fixtures.js';

/** A password the operators' enrollment accepts (the developers' policy). */
export const OPERATOR_PASSWORD = 'Night-Desk42x';

const PERIOD_MS = OpsLimits.totpPeriodSeconds * 1000;

/** An enrolled operator, and the last TOTP step its codes used (a code is good once). */
export interface EnrolledOperator {
  readonly email: string;
  readonly password: string;
  readonly role: OperatorRole;
  readonly totp: TOTP;
  lastStep: number;
}

const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

/** The enrollment token of the link `operators add|reset` prints. */
export function enrollmentTokenOf(output: string): string {
  const token = /[?&]token=([^\s&]+)/.exec(output)?.[1];
  if (token === undefined) throw new Error(`no enrollment link in: ${output}`);
  return decodeURIComponent(token);
}

/**
 * The next code the server takes for `operator`: a step after the last one used, within
 * one step of now (OpsLimits.totpWindow). Two sign-ins of one operator within a step wait
 * for the clock, as the operator would.
 */
export async function nextCode(operator: EnrolledOperator): Promise<string> {
  const step = Math.max(operator.lastStep + 1, stepNow() - OpsLimits.totpWindow);
  const wait = (step - OpsLimits.totpWindow) * PERIOD_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 200));
  operator.lastStep = step;
  return operator.totp.generate({ timestamp: step * PERIOD_MS });
}

/**
 * An operator made as an admin makes one (`npm run admin -- operators add`) and enrolled
 * through the enrollment API with its first code, as the enroll page does.
 */
export async function createOperator(
  request: APIRequestContext,
  role: OperatorRole,
  email: string = uniqueEmail(`ops-${role}`),
): Promise<EnrolledOperator> {
  const token = enrollmentTokenOf(await runAdmin('operators', 'add', email, '--role', role));
  const shown = await request.get(`${OpsApiPaths.enrollment}?${new URLSearchParams({ token })}`);
  expect(shown.status(), await shown.text()).toBe(200);
  const { secret } = (await shown.json()) as EnrollmentResponse;
  const operator: EnrolledOperator = {
    email,
    password: OPERATOR_PASSWORD,
    role,
    totp: new TOTP({
      secret: Secret.fromBase32(secret),
      digits: OpsLimits.totpDigits,
      period: OpsLimits.totpPeriodSeconds,
    }),
    lastStep: stepNow() - 2,
  };
  const enrolled = await postJson(request, OpsApiPaths.enrollment, {
    token,
    password: operator.password,
    code: await nextCode(operator),
  });
  expect(enrolled.status(), await enrolled.text()).toBe(204);
  return operator;
}

/**
 * Signs `operator` in through the API. Given a page's or a context's `request`, the session
 * cookie lands in that browser context, so its pages are signed in.
 */
export async function signInOperator(request: APIRequestContext, operator: EnrolledOperator) {
  const response = await postJson(request, OpsApiPaths.session, {
    email: operator.email,
    password: operator.password,
    code: await nextCode(operator),
  });
  expect(response.status(), await response.text()).toBe(200);
}
