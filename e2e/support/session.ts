import type { Page } from '@playwright/test';

import { StorageKeys } from '../../src/web/session/storage.js';

function base64url(value: string): string {
  return Buffer.from(value).toString('base64url');
}

/**
 * An unsigned JWT-shaped token: the web app only reads `exp` to decide whether someone is
 * signed in (docs/product.md section 4), so no signature is needed for header tests.
 */
export function fakeAccessToken(expiresInSeconds: number): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(
    JSON.stringify({ sub: 'e2e-developer', exp }),
  )}.signature`;
}

/** Stores a session in the page's origin and reloads so the app reads it at start. */
export async function plantSession(page: Page, accessToken: string = fakeAccessToken(3600)) {
  await page.evaluate(
    ([keys, token]) => {
      localStorage.setItem(keys.accessToken, token);
      localStorage.setItem(keys.refreshToken, 'e2e-refresh-token');
      localStorage.setItem(keys.developerId, 'e2e-developer');
    },
    [StorageKeys, accessToken] as const,
  );
  await page.reload();
}

/** The session keys as the page's local storage holds them (null when absent). */
export function readSession(page: Page) {
  return page.evaluate((keys) => {
    return {
      accessToken: localStorage.getItem(keys.accessToken),
      refreshToken: localStorage.getItem(keys.refreshToken),
      developerId: localStorage.getItem(keys.developerId),
    };
  }, StorageKeys);
}
