import type { APIRequestContext, Page } from '@playwright/test';
import { ApiPaths } from '../../src/contract/api-paths.js';
import type { AuthResponse } from '../../src/contract/auth.js';
import { StorageKeys } from '../../src/web/session/storage.js';
import { expect } from './fixtures.js';
import { waitForCode } from './mailbox.js';
import { HOME } from './paths.js';

/** A password that follows the sign-up policy (9 to 16 characters, all four kinds). */
export const GOOD_PASSWORD = 'Sunny-Day42x';

/** An address no other test uses. */
export function uniqueEmail(tag = 'dev'): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface NewDeveloper {
  readonly email: string;
  readonly name: string;
  readonly password: string;
  /** The 10 digits typed into the form; the API receives them with +91 in front. */
  readonly mobileDigits: string;
  readonly state: string;
}

export function newDeveloper(overrides: Partial<NewDeveloper> = {}): NewDeveloper {
  return {
    email: uniqueEmail(),
    name: 'Asha Rao',
    password: GOOD_PASSWORD,
    mobileDigits: '9876543210',
    state: 'Karnataka',
    ...overrides,
  };
}

/** The anti-forgery header for API writes, from the cookie the server sets on a page. */
export async function xsrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const read = async () =>
    (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  let token = await read();
  if (token === undefined) {
    await request.get(HOME);
    token = await read();
  }
  if (token === undefined) throw new Error('the server set no XSRF-TOKEN cookie');
  return { 'x-xsrf-token': token };
}

/** POSTs JSON to the API as the web client does (with the anti-forgery header). */
export async function postJson(request: APIRequestContext, path: string, data: unknown) {
  return request.post(path, {
    data,
    headers: await xsrfHeaders(request),
    failOnStatusCode: false,
  });
}

/** Signs a developer up through the API: the account exists, unverified, with one code mailed. */
export async function signUpByApi(
  request: APIRequestContext,
  developer: NewDeveloper = newDeveloper(),
): Promise<NewDeveloper> {
  const response = await postJson(request, ApiPaths.signup, {
    email: developer.email,
    name: developer.name,
    mobile: `+91${developer.mobileDigits}`,
    state: developer.state,
    password: developer.password,
  });
  expect(response.status(), await response.text()).toBe(201);
  return developer;
}

/** A signed-up and verified developer, made through the API and the mailbox. */
export async function createVerifiedDeveloper(
  request: APIRequestContext,
  overrides: Partial<NewDeveloper> = {},
): Promise<NewDeveloper> {
  const developer = await signUpByApi(request, newDeveloper(overrides));
  const code = await waitForCode(request, developer.email);
  const response = await postJson(request, ApiPaths.confirm, { email: developer.email, code });
  expect(response.status(), await response.text()).toBe(200);
  return developer;
}

/** Signs in through the API and answers the sign-in response (docs/product.md section 3). */
export async function signInByApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<AuthResponse> {
  const response = await postJson(request, ApiPaths.signin, { email, password });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthResponse;
}

/** Signs in through the API and answers the developer id (the `sub` attribute). */
export async function developerIdOf(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const body = await signInByApi(request, email, password);
  const id = body.profile.UserAttributes.find((a) => a.Name === 'sub')?.Value;
  if (id === undefined) throw new Error('the sign-in answer carries no sub attribute');
  return id;
}

/** Every local storage key of docs/product.md section 3, as the page holds them (null when absent). */
export function readStorage(page: Page) {
  return page.evaluate((keys) => {
    const read = (key: string) => localStorage.getItem(key);
    return {
      email: read(keys.email),
      accessToken: read(keys.accessToken),
      refreshToken: read(keys.refreshToken),
      developerId: read(keys.developerId),
      clientCode: read(keys.clientCode),
      developer: read(keys.developer),
    };
  }, StorageKeys);
}

/** The claims of a JWT, read without checking its signature. */
export function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (payload === undefined) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Stores the e-mail the code screens read (as sign-up and forgot-password do). */
export async function rememberEmail(page: Page, email: string) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    StorageKeys.email,
    email,
  ] as const);
}
