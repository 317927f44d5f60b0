import { ApiPaths } from '../src/contract/api-paths.js';
import type { RefreshResponse } from '../src/contract/auth.js';
import { ClientPaths } from '../src/contract/routes.js';
import { StorageKeys } from '../src/web/session/storage.js';
import { createVerifiedDeveloper, postJson, signInByApi } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';

// Two tabs whose access token is refused at the same moment both stay signed in.
// They take turns on one Web Lock (src/web/api/http.test.ts proves the second then uses the
// first one's token), but Chromium hands localStorage writes to another tab's process a
// moment later, so the second may still read the old refresh token and send it again: the
// server's reuse interval then answers it with the same successor (decision 021).

/** A token the client takes for live (its exp is an hour away) and the server refuses. */
function refusedAccessToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'x', exp })}.c2lnbmF0dXJl`;
}

test('two tabs refused at once both stay on My Apps and keep one session', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  allowFailedResponse(ApiPaths.apps, 401);
  const developer = await createVerifiedDeveloper(request);
  const signedIn = await signInByApi(request, developer.email, developer.password);
  const { RefreshToken } = signedIn.user_status.AuthenticationResult;
  const developerId = signedIn.profile.UserAttributes.find((a) => a.Name === 'sub')?.Value ?? '';

  const context = page.context();
  await page.goto('/login');
  await page.evaluate(
    ([keys, access, refresh, id]) => {
      localStorage.setItem(keys.accessToken, access);
      localStorage.setItem(keys.refreshToken, refresh);
      localStorage.setItem(keys.developerId, id);
    },
    [StorageKeys, refusedAccessToken(), RefreshToken, developerId] as const,
  );

  // The refresh is held until both tabs have had their list refused, so they overlap.
  let refused = 0;
  let bothRefused: () => void = () => undefined;
  const overlap = new Promise<void>((resolve) => {
    bothRefused = resolve;
  });
  context.on('response', (response) => {
    if (new URL(response.url()).pathname === ApiPaths.apps && response.status() === 401) {
      refused += 1;
      if (refused === 2) bothRefused();
    }
  });
  const refreshes: string[] = [];
  await context.route(
    (url) => url.pathname === ApiPaths.refresh,
    async (route) => {
      refreshes.push(route.request().postData() ?? '');
      await overlap;
      await route.continue();
    },
  );

  const other = await context.newPage();
  await Promise.all([page.goto(ClientPaths.myApps), other.goto(ClientPaths.myApps)]);
  for (const tab of [page, other]) {
    await expect(tab.getByRole('heading', { name: 'My Apps' })).toBeVisible();
    // The heading shows while the list loads too: wait for the list itself, which comes only
    // after the refresh and the replay (on a loaded machine the check above passed first).
    await expect(tab.getByText("You haven't created any apps yet.")).toBeVisible();
    await expect(tab).toHaveURL((url) => url.pathname === ClientPaths.myApps);
  }
  expect(refused).toBe(2);
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  // Never two different tokens: a second refresh, if any, sent the same one again.
  expect(new Set(refreshes).size).toBe(1);

  // The family is alive: the stored refresh token still rotates.
  const stored = await page.evaluate((key) => localStorage.getItem(key), StorageKeys.refreshToken);
  const next = await postJson(request, ApiPaths.refresh, {
    refresh_token: stored,
    id: developerId,
  });
  expect(next.status()).toBe(200);
  expect(((await next.json()) as RefreshResponse).status).toBe('success');
  await other.close();
});
