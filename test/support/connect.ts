import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';
import { DevPaths } from '../../src/contract/api-paths.js';
import { ConnectPaths } from '../../src/contract/connect.js';
import { XSRF_COOKIE } from '../../src/server/http/xsrf.js';
import { postSecondStep, secondStepOf } from './flow.js';
import { HttpClient } from './http-client.js';
import type { TestApp } from './test-app.js';

/** The registered redirect URL of the tests' Connect applications. */
export const CONNECT_REDIRECT = 'https://client.example/callback';
/**
 * The issuer is the configured public URL (https, as RFC 8414 asks); the test server listens
 * on plain http elsewhere.
 */
export const CONNECT_PUBLIC_URL = 'https://portal.test';

/** A portal the Connect flow runs against: a test app, or an instance in a process of its own. */
export type ConnectServer = Pick<TestApp, 'baseUrl'> & {
  readonly config: Pick<TestApp['config'], 'publicUrl'>;
};

/** oauth4webapi's fetch, sent to the test server instead of the https issuer. */
export function connectFetch(t: ConnectServer) {
  return {
    [oauth.customFetch]: (
      url: string,
      options: oauth.CustomFetchOptions<string, BodyInit | undefined>,
    ) =>
      fetch(url.replace(CONNECT_PUBLIC_URL, t.baseUrl), {
        ...options,
        ...(options.body === undefined ? { body: null } : { body: options.body }),
      }),
  };
}

/** RFC 8414 discovery, as a client application does it. */
export async function discoverConnect(t: ConnectServer): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(t.config.publicUrl);
  return oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...connectFetch(t) }),
  );
}

export const locationOf = (t: ConnectServer, res: Response) =>
  new URL(res.headers.get('location') ?? '', t.baseUrl);
const local = (url: URL) => `${url.pathname}${url.search}`;

/**
 * The browser's walk: authorize, the embedded login service's two steps, back; the consent
 * page's answer.
 */
export async function signInAt(
  t: ConnectServer,
  as: oauth.AuthorizationServer,
  sign: { clientId: string; clientCode: string; state: string; challenge: string },
) {
  const browser = new HttpClient(t.baseUrl);
  const url = new URL(as.authorization_endpoint ?? '');
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: sign.clientId,
    redirect_uri: CONNECT_REDIRECT,
    state: sign.state,
    scope: 'orders portfolio',
    code_challenge: sign.challenge,
    code_challenge_method: 'S256',
  }).toString();
  const toLogin = await browser.request('GET', local(url));
  expect(toLogin.status).toBe(302);
  const login = locationOf(t, toLogin);
  expect(login.pathname).toBe(DevPaths.flow);
  await browser.request('GET', local(login));
  const posted = await browser.request('POST', DevPaths.flow, {
    body: new URLSearchParams({
      applicationId: login.searchParams.get('applicationId') ?? '',
      state: login.searchParams.get('state') ?? '',
      purpose: login.searchParams.get('purpose') ?? '',
      xsrf: browser.cookie(XSRF_COOKIE) ?? '',
      client_code: sign.clientCode,
      name: 'Ravi Kumar',
      email: `${sign.clientCode.toLowerCase()}@example.com`,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    xsrf: false,
  });
  expect(posted.status).toBe(200);
  const passed = await postSecondStep(browser, secondStepOf(await posted.text()));
  expect(passed.status).toBe(302);
  const back = await browser.request('GET', local(locationOf(t, passed)));
  return { browser, back };
}

export async function answerConsent(browser: HttpClient, page: string, decision: 'allow' | 'deny') {
  const request = /name="request" value="([^"]+)"/.exec(page)?.[1] ?? '';
  return browser.request('POST', ConnectPaths.consent, {
    body: new URLSearchParams({
      request,
      decision,
      xsrf: browser.cookie(XSRF_COOKIE) ?? '',
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    xsrf: false,
  });
}

/** The whole flow as an application runs it: sign-in, Allow, exchange; the access token. */
export async function connectAccessToken(
  t: ConnectServer,
  as: oauth.AuthorizationServer,
  app: { id: string; key: string; clientCode: string },
): Promise<string> {
  const client: oauth.Client = { client_id: app.id };
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const { browser, back } = await signInAt(t, as, {
    clientId: app.id,
    clientCode: app.clientCode,
    state,
    challenge: await oauth.calculatePKCECodeChallenge(verifier),
  });
  const allowed = await answerConsent(browser, await back.text(), 'allow');
  const params = oauth.validateAuthResponse(as, client, locationOf(t, allowed), state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretBasic(app.key),
    params,
    CONNECT_REDIRECT,
    verifier,
    connectFetch(t),
  );
  return (await oauth.processAuthorizationCodeResponse(as, client, response)).access_token;
}
