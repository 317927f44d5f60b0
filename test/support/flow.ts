import { expect } from 'vitest';
import { ApiPaths, DevPaths } from '../../src/contract/api-paths.js';
import type { AuthResponse } from '../../src/contract/auth.js';
import { XSRF_COOKIE } from '../../src/server/http/xsrf.js';
import { uniqueEmail } from './accounts.js';
import { HttpClient } from './http-client.js';
import type { TestApp } from './test-app.js';

let counter = 0;

/**
 * A fresh hand-off identity as the embedded provider's form takes it; its e-mail verified
 * (the ticked box) unless `emailVerified` is false.
 */
export function flowIdentity({ emailVerified = true } = {}): Record<string, string> & {
  client_code: string;
  name: string;
  email: string;
} {
  counter += 1;
  return {
    client_code: `CC${Date.now()}${counter}`,
    name: 'Ravi Kumar',
    email: uniqueEmail(),
    ...(emailVerified ? { email_verified: 'true' } : {}),
  };
}

/**
 * Starts a hand-off as the login button does: the browser's client now holds the state
 * cookie, and the answer names the state the provider must send back.
 */
export async function startHandOff(browser: HttpClient): Promise<string> {
  const res = await browser.request('GET', ApiPaths.flowStart);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '').searchParams.get('state') ?? '';
}

/** Exchanges a token in a browser that started the hand-off, as the callback page does. */
export async function exchangeInBrowser(app: TestApp, token: string, browser?: HttpClient) {
  const client = browser ?? new HttpClient(app.baseUrl);
  const state = await startHandOff(client);
  return client.json<AuthResponse>(
    'GET',
    `${ApiPaths.loginWithFlow}?${new URLSearchParams({ auth: token, state }).toString()}`,
  );
}

/** POSTs the embedded provider's form as its page does: loaded first, its token repeated. */
export async function postFlowForm(app: TestApp, fields: Record<string, string>) {
  const browser = new HttpClient(app.baseUrl);
  await browser.request('GET', DevPaths.flow);
  return browser.request('POST', DevPaths.flow, {
    body: new URLSearchParams({
      applicationId: 'developer-portal',
      xsrf: browser.cookie(XSRF_COOKIE) ?? '',
      ...fields,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    xsrf: false,
  });
}

/** The token the embedded provider's redirect carries. */
export async function tokenFromForm(app: TestApp, fields: Record<string, string>) {
  const res = await postFlowForm(app, fields);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(
    `${app.config.publicUrl}/flow-login-callback`,
  );
  return location.searchParams.get('auth') ?? '';
}

/** What the second step's page of a client sign-in carries: its step token and its test code. */
export function secondStepOf(html: string): { step: string; code: string } {
  return {
    step: /name="step" value="([^"]+)"/.exec(html)?.[1] ?? '',
    code: /class="test-code">(\d{6})</.exec(html)?.[1] ?? '',
  };
}

/** POSTs the second step's form as its page does, in the browser that posted the first. */
export function postSecondStep(browser: HttpClient, fields: Record<string, string>) {
  return browser.request('POST', DevPaths.flowCode, {
    body: new URLSearchParams({ xsrf: browser.cookie(XSRF_COOKIE) ?? '', ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    xsrf: false,
  });
}
