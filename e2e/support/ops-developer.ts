import type { APIRequestContext, Page } from '@playwright/test';
import { ApiPaths } from '../../src/contract/api-paths.js';
import type { Application } from '../../src/contract/apps.js';
import { opsApplicationPath, type OperatorRole } from '../../src/contract/ops.js';
import { apiKeyPrefix } from '../../src/contract/rules.js';
import { createVerifiedDeveloper, developerIdOf, type NewDeveloper } from './accounts.js';
import { accessTokenOf, createAppByApi, freshIp } from './apps.js';
import { expect } from './fixtures.js';
import { signedInOperator, type EnrolledOperator } from './operators.js';

/** Letters only, as names allow: a name no other test uses. */
function uniqueLetters(length: number): string {
  return Array.from({ length }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
}

/** A developer with one application, and every key the console's search finds them by. */
export interface SearchableDeveloper {
  readonly developer: NewDeveloper;
  readonly developerId: string;
  readonly applicationId: string;
  readonly appName: string;
  readonly clientId: string;
  readonly ip: string;
  /** The part of the API key a developer reads out to support. */
  readonly keyPrefix: string;
  readonly accessToken: string;
}

/** Makes a verified developer with one application through the developers' API. */
export async function createSearchableDeveloper(
  request: APIRequestContext,
): Promise<SearchableDeveloper> {
  const tag = uniqueLetters(8);
  const developer = await createVerifiedDeveloper(request, { name: `Asha ${tag}` });
  const developerId = await developerIdOf(request, developer.email, developer.password);
  const accessToken = await accessTokenOf(request, developer.email, developer.password);
  const appName = `Bot ${tag}`;
  const clientId = `CID${tag.toUpperCase()}`;
  const ip = freshIp();
  const applicationId = await createAppByApi(request, accessToken, {
    name: appName,
    ips: [ip],
    clientId,
  });
  const answer = await request.get(ApiPaths.app(applicationId), {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { keys } = (await answer.json()) as Application;
  const masked = keys[0]?.masked;
  if (masked === undefined) throw new Error('the new application has no key');
  return {
    developer,
    developerId,
    applicationId,
    appName,
    clientId,
    ip,
    keyPrefix: apiKeyPrefix(masked),
    accessToken,
  };
}

/**
 * A developer with one application, and a new operator of `role` signed in to the console on
 * that application's page, its heading shown.
 */
export async function consoleOnNewApplication(
  page: Page,
  request: APIRequestContext,
  role: OperatorRole,
): Promise<{ found: SearchableDeveloper; operator: EnrolledOperator }> {
  const found = await createSearchableDeveloper(request);
  const operator = await signedInOperator(page, role);
  await page.goto(opsApplicationPath(found.applicationId));
  await expect(page.getByRole('heading', { level: 1, name: found.appName })).toBeVisible({
    timeout: 15_000,
  });
  return { found, operator };
}
