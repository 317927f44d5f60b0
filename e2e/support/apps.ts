import { StorageKeys } from '../../src/web/session/storage.js';
import { ApiPaths } from '../../src/contract/api-paths.js';
import { StepUpPaths } from '../../src/contract/step-up.js';
import { ipFieldName } from '../../src/contract/rules.js';
import { makePdf } from '../../test/support/png.js';
import type { APIRequestContext, Page } from '@playwright/test';
import { GOOD_PASSWORD, signInByApi, xsrfHeaders } from './accounts.js';
import { expect } from './fixtures.js';

/**
 * An IPv4 address in 100.64.0.0/10 that no other test uses: the specs share one server,
 * and an IP held by another developer's app is a duplicate.
 */
export function freshIp(): string {
  const n = (size: number) => Math.floor(Math.random() * size);
  return `100.${String(64 + n(64))}.${String(n(256))}.${String(1 + n(254))}`;
}

/**
 * An IPv6 address of the documentation range (RFC 3849) no other test holds, written long
 * and in capitals as a developer might type it.
 */
export function freshIpv6(): string {
  const group = () => (1 + Math.floor(Math.random() * 0xfffe)).toString(16).toUpperCase();
  return `2001:DB8:0:0:0:${group()}:${group()}:${group()}`;
}

/** Signs in through the API and answers the access token. */
export async function accessTokenOf(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  return (await signInByApi(request, email, password)).user_status.AuthenticationResult.AccessToken;
}

export interface AppByApi {
  readonly name: string;
  readonly ips?: readonly string[];
  readonly algoId?: string;
  readonly clientId?: string;
  /** The redirect URL; https://bot.example.com/callback unless given. */
  readonly callbackUrl?: string;
  /** Blank unless given (the embedded receiver, /dev/postbacks). */
  readonly postbackUrl?: string;
  /** IPs of another developer this app claims, each with a PDF proof (skip set). */
  readonly claims?: readonly string[];
  /** The proof sent for each claim instead of the PDF. */
  readonly claimDocument?: MultipartFile;
}

interface MultipartFile {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}
type MultipartValue = string | MultipartFile;

/** Creates an app through POST /api/v1/app (docs/product.md section 7) and answers its id. */
export async function createAppByApi(
  request: APIRequestContext,
  accessToken: string,
  app: AppByApi,
): Promise<string> {
  const claims = app.claims ?? [];
  const multipart: Record<string, MultipartValue> = {
    name: app.name,
    callbackUrl: app.callbackUrl ?? 'https://bot.example.com/callback',
    postbackUrl: app.postbackUrl ?? '',
    allowedUsers: app.clientId ?? 'AB1234',
    description: '',
    logoUrl: '',
    ipAddressDuplicateSkip: String(claims.length > 0),
  };
  if (app.ips !== undefined && app.ips.length > 0) multipart.ipRecords = app.ips.join(',');
  if (app.algoId !== undefined) multipart.algo_id = app.algoId;
  for (const ip of claims) {
    multipart[ipFieldName(ip)] = app.claimDocument ?? {
      name: 'proof.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(),
    };
  }
  const response = await request.post(ApiPaths.createApp, {
    multipart,
    headers: { ...(await xsrfHeaders(request)), authorization: `Bearer ${accessToken}` },
    failOnStatusCode: false,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { applicationId: string }).applicationId;
}

/**
 * Changes an app's IP list through PUT /api/v1/app/{id}, its other fields set as
 * `createAppByApi` sets them, after a step-up with the password: this starts the 15-day lock.
 */
export async function changeIpsByApi(
  request: APIRequestContext,
  accessToken: string,
  id: string,
  ips: readonly string[],
  password = GOOD_PASSWORD,
) {
  const current = await appByApi(request, accessToken, id);
  const headers = { ...(await xsrfHeaders(request)), authorization: `Bearer ${accessToken}` };
  // An IP change needs the session's step-up (docs/decisions/068-step-up.md).
  const steppedUp = await request.post(StepUpPaths.stepUp, { headers, data: { password } });
  expect(steppedUp.status(), await steppedUp.text()).toBe(200);
  const response = await request.put(ApiPaths.app(id), {
    multipart: {
      name: current.applicationName,
      callbackUrl: current.callbackUrl,
      postbackUrl: current.postbackUrl,
      allowedUsers: current.allowedUsers,
      description: current.description,
      logoUrl: current.logoUrl,
      isActive: String(current.isActive),
      ipRecords: ips.join(','),
      ipAddressDuplicateSkip: 'false',
    },
    headers: { ...(await xsrfHeaders(request)), authorization: `Bearer ${accessToken}` },
    failOnStatusCode: false,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Reads an app through GET /api/v1/app/{id}. */
export async function appByApi(request: APIRequestContext, accessToken: string, id: string) {
  const response = await request.get(ApiPaths.app(id), {
    headers: { authorization: `Bearer ${accessToken}` },
    failOnStatusCode: false,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as {
    applicationName: string;
    allowedUsers: string;
    isActive: boolean;
    description: string;
    algoId: string;
    callbackUrl: string;
    postbackUrl: string;
    logoUrl: string;
    secret: string;
    ipRecordsWithFamilyPending: {
      ip: string;
      familyPending: boolean;
      adminAccept: boolean;
      documentUrl: string | null;
      rejectionReason: string | null;
    }[];
  };
}

/** Puts a signed-in session into local storage, as a sign-in would, and opens `path`. */
export async function openSignedIn(page: Page, accessToken: string, path: string) {
  await page.goto('/login');
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [
    StorageKeys.accessToken,
    accessToken,
  ] as const);
  await page.goto(path);
}
