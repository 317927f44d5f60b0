import * as oauth from 'oauth4webapi';
import { ApiPaths, DevPaths } from '../src/contract/api-paths.js';
import { ConnectPaths } from '../src/contract/connect.js';
import { FLOW_STATE_COOKIE } from '../src/server/auth/flow-state.js';
import { XSRF_COOKIE } from '../src/server/http/xsrf.js';
import {
  answerConsent,
  CONNECT_REDIRECT,
  locationOf,
  signInAt,
  type ConnectServer,
} from '../test/support/connect.js';
import { startHandOff } from '../test/support/flow.js';
import { HttpClient } from '../test/support/http-client.js';
import type { LoadRequest } from './load-protocol.js';

// The one-time inputs of the Connect bench, each made through the server over HTTP as a
// browser and a client application make them (test/support/connect.ts, flow.ts).

/** The client code the create form allows on every application (test/support/apps.ts). */
export const BENCH_CLIENT_CODE = 'CLIENT1';

export interface ConnectApp {
  readonly id: string;
  readonly key: string;
}

/** RFC 6749 section 2.3.1: id and secret form-encoded, then Basic. */
function basic(app: ConnectApp): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(app.id)}:${encode(app.key)}`).toString('base64')}`;
}

/**
 * A client signed in to `app` and its Allow given (remembered after the first): the token
 * request an application sends with the code and its PKCE verifier.
 */
export async function tokenRequest(
  server: ConnectServer,
  as: oauth.AuthorizationServer,
  app: ConnectApp,
): Promise<LoadRequest> {
  const verifier = oauth.generateRandomCodeVerifier();
  const { browser, back } = await signInAt(server, as, {
    clientId: app.id,
    clientCode: BENCH_CLIENT_CODE,
    state: oauth.generateRandomState(),
    challenge: await oauth.calculatePKCECodeChallenge(verifier),
  });
  const answered =
    back.status === 302 ? back : await answerConsent(browser, await back.text(), 'allow');
  const code = locationOf(server, answered).searchParams.get('code');
  if (code === null) throw new Error(`no code: ${String(answered.status)}`);
  return {
    method: 'POST',
    path: ConnectPaths.token,
    headers: {
      authorization: basic(app),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CONNECT_REDIRECT,
      code_verifier: verifier,
    }).toString(),
  };
}

/**
 * A hand-off as the login button starts it, the embedded provider's form posted for
 * `identity`: the callback page's exchange, with the browser's state cookie.
 */
export async function handOffRequest(
  baseUrl: string,
  identity: Record<string, string>,
): Promise<LoadRequest> {
  const browser = new HttpClient(baseUrl);
  const state = await startHandOff(browser);
  await browser.request('GET', DevPaths.flow);
  const posted = await browser.request('POST', DevPaths.flow, {
    body: new URLSearchParams({
      applicationId: 'developer-portal',
      state,
      xsrf: browser.cookie(XSRF_COOKIE) ?? '',
      ...identity,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    xsrf: false,
  });
  const auth = new URL(posted.headers.get('location') ?? '', baseUrl).searchParams.get('auth');
  if (auth === null) throw new Error(`no hand-off token: ${String(posted.status)}`);
  return {
    method: 'GET',
    path: `${ApiPaths.loginWithFlow}?${new URLSearchParams({ auth, state }).toString()}`,
    headers: { cookie: `${FLOW_STATE_COOKIE}=${browser.cookie(FLOW_STATE_COOKIE) ?? ''}` },
  };
}

/** `count` inputs made `parallel` at a time (the server's pools, not the bench, set the pace). */
export async function prepare(
  count: number,
  parallel: number,
  make: (index: number) => Promise<LoadRequest>,
): Promise<LoadRequest[]> {
  const made: LoadRequest[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        made[index] = await make(index);
      }
    }),
  );
  return made;
}
