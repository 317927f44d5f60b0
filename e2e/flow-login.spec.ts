import { ApiPaths } from '../src/contract/api-paths.js';
import type { Page } from '@playwright/test';
import {
  createVerifiedDeveloper,
  developerIdOf,
  readStorage,
  uniqueEmail,
} from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { holdRequests } from './support/network.js';
import { expectNotice } from './support/notices.js';
import { isPath } from './support/paths.js';
import { flowProviderScreen, loginScreen } from './support/screens.js';

// docs/product.md sections 2 and 4, hand-off login: the login button goes to the provider's flow
// service (the embedded /dev/flow here) with a state, which sends the browser back to
// /flow-login-callback?auth=<token>&state=<state>; the callback exchanges the token once.

// A callback whose state is not this browser's unused one (login CSRF, product.md section 2.5).
const FLOW_STATE_REFUSED =
  'This sign-in was not started in this browser. Please start again from the login page.';

// A page that names no icon makes Chromium ask for /favicon.ico and log its 404 as a
// console error; the last test pins that the provider page names one.
const FAVICON = '/favicon.ico';

function uniqueClientCode(): string {
  return `AB${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 6)}`;
}

interface FlowIdentity {
  readonly clientCode: string;
  readonly name: string;
  readonly email: string;
}

/**
 * From /login through the embedded provider back to the callback; answers the callback URL
 * the provider redirected to.
 */
async function handOff(page: Page, identity: FlowIdentity): Promise<string> {
  await page.goto('/login');
  await loginScreen(page).flowLogin.click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/dev/flow' && url.searchParams.get('applicationId') === 'developer-portal',
  );
  const provider = flowProviderScreen(page);
  await provider.clientCode.fill(identity.clientCode);
  await provider.name.fill(identity.name);
  await provider.email.fill(identity.email);
  const callback = page.waitForRequest(
    (r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/flow-login-callback',
  );
  await provider.continue.click();
  return (await callback).url();
}

test('hand-off login through /dev/flow signs the developer in and lands on /create-new-app', async ({
  page,
}) => {
  const identity = { clientCode: uniqueClientCode(), name: 'Ravi Kumar', email: uniqueEmail() };

  const callbackUrl = await handOff(page, identity);

  expect(new URL(callbackUrl).searchParams.get('auth')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  await expectNotice(page, 'Successfully logged in', 'success');
  await expect(page).toHaveURL(isPath('/create-new-app'));
  const stored = await readStorage(page);
  expect(stored.accessToken).not.toBeNull();
  expect(stored.refreshToken).not.toBeNull();
  expect(stored.developerId).not.toBeNull();
  // auth_client_code comes from the client_code claim of the hand-off token.
  expect(stored.clientCode).toBe(identity.clientCode);
  expect(stored.email).toBe(identity.email);
  expect(JSON.parse(stored.developer ?? 'null')).toMatchObject({
    id: stored.developerId,
    name: identity.name,
    email: identity.email,
    deviceId: '',
  });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('the callback shows the green tick and "Signing you in…" while the token is exchanged', async ({
  page,
}) => {
  const release = await holdRequests(page, ApiPaths.loginWithFlow);
  const identity = { clientCode: uniqueClientCode(), name: 'Meera Shah', email: uniqueEmail() };

  await handOff(page, identity);

  await expect(page).toHaveURL(isPath('/flow-login-callback'));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Signing you in…' })).toBeVisible();
  await expect(main.locator('svg').first()).toBeVisible();
  release();
  await expect(page).toHaveURL(isPath('/create-new-app'));
});

test('a callback URL used once is refused the second time: error notice and /login', async ({
  page,
  allowFailedResponse,
}) => {
  allowFailedResponse(ApiPaths.loginWithFlow, 401);
  const identity = { clientCode: uniqueClientCode(), name: 'Ravi Kumar', email: uniqueEmail() };
  const callbackUrl = await handOff(page, identity);
  await expect(page).toHaveURL(isPath('/create-new-app'));
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(isPath('/login'));
  await expect(loginScreen(page).signIn).toBeVisible();

  await page.goto(callbackUrl);

  await expectNotice(page, FLOW_STATE_REFUSED, 'error');
  await expect(page).toHaveURL(isPath('/login'));
  expect(await readStorage(page)).toMatchObject({
    accessToken: null,
    refreshToken: null,
    developerId: null,
  });
});

test('a callback this browser did not start is refused: error notice and /login', async ({
  page,
  allowFailedResponse,
}) => {
  allowFailedResponse(ApiPaths.loginWithFlow, 401);
  await page.goto('/flow-login-callback?auth=not.a-valid.token&state=someone-elses');

  await expectNotice(page, FLOW_STATE_REFUSED, 'error');
  await expect(page).toHaveURL(isPath('/login'));
  expect((await readStorage(page)).accessToken).toBeNull();
});

for (const search of ['', '?auth=']) {
  test(`the callback without auth (${search || 'no query'}) goes to /login`, async ({ page }) => {
    let exchanges = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === ApiPaths.loginWithFlow) exchanges += 1;
    });
    await page.goto(`/flow-login-callback${search}`);

    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.search === '');
    await expect(loginScreen(page).signIn).toBeVisible();
    expect(exchanges).toBe(0);
  });
}

test('hand-off login with the e-mail of a password account signs in that same developer', async ({
  page,
  request,
}) => {
  const developer = await createVerifiedDeveloper(request);
  const developerId = await developerIdOf(request, developer.email, developer.password);
  const clientCode = uniqueClientCode();

  await handOff(page, { clientCode, name: developer.name, email: developer.email });

  await expect(page).toHaveURL(isPath('/create-new-app'));
  expect(await readStorage(page)).toMatchObject({ developerId, clientCode });
});

test('the embedded provider page names an icon the server serves', async ({ page, request }) => {
  await page.goto('/dev/flow?applicationId=developer-portal');
  await expect(flowProviderScreen(page).continue).toBeVisible();
  // Without a served icon Chromium asks for /favicon.ico after load and logs its 404 as a
  // console error, at a moment no test can wait for: so the icon itself is checked.
  const icons = page.locator('link[rel~="icon"]');
  const href = (await icons.count()) > 0 ? await icons.first().getAttribute('href') : null;
  const response = await request.get(href ?? FAVICON);
  expect(response.status(), `GET ${href ?? FAVICON}`).toBe(200);
});
