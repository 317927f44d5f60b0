import * as oauth from 'oauth4webapi';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { InternalPaths } from '../src/contract/api-paths.js';
import { ConnectPaths } from '../src/contract/connect.js';
import { GatewayHeaders } from '../src/contract/gateway.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { accessTokenOf, appByApi, createAppByApi, freshIp } from './support/apps.js';
import { startClientApp, type ClientApp } from './support/client-app.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { flowCodeScreen, flowProviderScreen, passFlowCodeStep } from './support/screens.js';
import { e2eBaseUrl, e2eGatewayUrl } from './support/server-env.js';

// docs/connect.md: a trading client signs in to a developer's application in a real browser.
// The application is a small server on this computer (its /callback the redirect URL) that
// starts /oauth/authorize with PKCE and exchanges the code with oauth4webapi, as any client
// library would; the embedded /dev/flow is the provider's login service with its two steps.

const WIDTHS = [1280, 390] as const;

let clientApp: ClientApp;
let as: oauth.AuthorizationServer;

test.beforeAll(async () => {
  clientApp = await startClientApp();
  // The e2e server is plain http on loopback, where oauth4webapi makes no requests of its
  // own: the application sends them, and the library checks every answer.
  const issuer = new URL(e2eBaseUrl());
  as = await oauth.processDiscoveryResponse(
    issuer,
    await fetch(new URL(ConnectPaths.metadata, issuer)),
  );
});

test.afterAll(async () => {
  await clientApp.close();
});

/** A developer's application whose allowed client is a fresh client code. */
async function connectApp(request: APIRequestContext) {
  const developer = await createVerifiedDeveloper(request);
  const token = await accessTokenOf(request, developer.email, developer.password);
  const clientCode = `CN${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ip = freshIp();
  const id = await createAppByApi(request, token, {
    name: 'Connect bot',
    clientId: clientCode.toUpperCase(),
    callbackUrl: clientApp.redirectUri,
    ips: [ip],
  });
  const key = (await appByApi(request, token, id)).secret;
  return { id, key, clientCode: clientCode.toUpperCase(), ip };
}

type ConnectApp = Awaited<ReturnType<typeof connectApp>>;

/** What the application keeps while its client signs in. */
interface Started {
  readonly verifier: string;
  readonly state: string;
}

/** The client application sends the browser to /oauth/authorize, as its login link does. */
async function startSignIn(page: Page, app: ConnectApp): Promise<Started> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint ?? '');
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: app.id,
    redirect_uri: clientApp.redirectUri,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  await page.goto(url.href);
  return { verifier, state };
}

/** Axe clean, and nothing wider than the window (no sideways scrolling at 390 px). */
async function expectCleanPage(page: Page) {
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page wider than the window').toBeLessThanOrEqual(0);
}

/** The embedded provider's first step: the client's identity. */
async function firstStep(page: Page, app: ConnectApp) {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in with Acme Trade' }),
  ).toBeVisible();
  const provider = flowProviderScreen(page);
  await provider.clientCode.fill(app.clientCode);
  await provider.name.fill('Ravi Kumar');
  await provider.email.fill(`${app.clientCode.toLowerCase()}@example.com`);
  await provider.continue.click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Second step: your code' }),
  ).toBeVisible();
}

const codeField = (page: Page) => flowCodeScreen(page).code;

/** The second step with the code its page shows; answers the consent page's response. */
async function secondStep(page: Page): Promise<Response> {
  const consent = page.waitForResponse((r) => new URL(r.url()).pathname === '/oauth/callback');
  await passFlowCodeStep(page);
  return consent;
}

const consentHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Allow Connect bot to use your account?' });

/** The application's token request: client_secret_basic, the code and its PKCE verifier. */
function exchange(app: ConnectApp, code: string, verifier: string) {
  const basic = Buffer.from(
    `${encodeURIComponent(app.id)}:${encodeURIComponent(app.key)}`,
  ).toString('base64');
  return fetch(as.token_endpoint ?? '', {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: clientApp.redirectUri,
      code_verifier: verifier,
    }),
  });
}

/** The call a broker's gateway makes for the client's API request: status and client code. */
async function gatewayCheck(accessToken: string, ip: string) {
  const response = await fetch(`${e2eGatewayUrl()}${InternalPaths.gatewayCheck}`, {
    headers: { authorization: `Bearer ${accessToken}`, 'x-real-ip': ip },
  });
  return { status: response.status, clientCode: response.headers.get(GatewayHeaders.clientCode) };
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a client signs in with two steps, allows, and the token passes the gateway check', async ({
      page,
      request,
      allowFailedResponse,
    }) => {
      const app = await connectApp(request);
      const started = await startSignIn(page, app);
      await expectCleanPage(page);
      await firstStep(page, app);
      await expectCleanPage(page);

      allowFailedResponse('/dev/flow/code', 400);
      const code = (await flowCodeScreen(page).shownCode.textContent()) ?? '';
      await codeField(page).fill(code === '000000' ? '111111' : '000000');
      await flowCodeScreen(page).signIn.click();
      await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(codeField(page)).toHaveAccessibleDescription(
        'That code is not the one shown on this page.',
      );
      await expectCleanPage(page);

      const consent = await secondStep(page);
      await expect(consentHeading(page)).toBeVisible();
      // Framing: no other site may show the consent page and trick a click on Allow.
      const headers = consent.headers();
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      await expectCleanPage(page);

      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL((url) => url.href.startsWith(clientApp.redirectUri));
      const received = clientApp.callbacks.at(-1);
      expect(received?.get('state')).toBe(started.state);
      expect(received?.get('code')).toMatch(/\S/);

      const client: oauth.Client = { client_id: app.id };
      const params = oauth.validateAuthResponse(as, client, new URL(page.url()), started.state);
      const tokens = await oauth.processAuthorizationCodeResponse(
        as,
        client,
        await exchange(app, params.get('code') ?? '', started.verifier),
      );
      expect(tokens.token_type).toBe('bearer');
      expect(tokens.refresh_token).toBeUndefined();
      // The check learns of the new application and token within its refresh.
      await expect
        .poll(() => gatewayCheck(tokens.access_token, app.ip))
        .toEqual({ status: 200, clientCode: app.clientCode });
    });
  });
}

test('a client who denies is sent back to the application with access_denied', async ({
  page,
  request,
}) => {
  const app = await connectApp(request);
  const started = await startSignIn(page, app);
  await firstStep(page, app);
  await secondStep(page);
  await expect(consentHeading(page)).toBeVisible();
  await page.getByRole('button', { name: 'Deny' }).click();
  await page.waitForURL((url) => url.href.startsWith(clientApp.redirectUri));
  const received = clientApp.callbacks.at(-1);
  expect(received?.get('error')).toBe('access_denied');
  expect(received?.get('state')).toBe(started.state);
  expect(received?.get('code')).toBeNull();
});
