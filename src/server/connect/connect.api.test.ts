import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECT_SCOPE_TEXT,
  ConnectMessages,
  ConnectPageTexts,
  ConnectPaths,
} from '../../contract/connect.js';
import {
  createApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { currentKeyOf } from '../../../test/support/keys.js';
import {
  answerConsent,
  CONNECT_PUBLIC_URL,
  CONNECT_REDIRECT,
  connectFetch,
  discoverConnect,
  locationOf,
  signInAt as signInVia,
} from '../../../test/support/connect.js';
import { SERVICE_TOKEN, SERVICE_TOKEN_ENV } from '../../../test/support/postbacks.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const engine = process.env.TEST_DB ?? 'sqlite';
const REDIRECT = CONNECT_REDIRECT;
const PUBLIC_URL = CONNECT_PUBLIC_URL;

let t: TestApp;
let dev: SignedInDeveloper;
let as: oauth.AuthorizationServer;
let insecure: ReturnType<typeof connectFetch>;

beforeAll(async () => {
  t = await startTestApp({ env: { ...SERVICE_TOKEN_ENV, PUBLIC_URL } });
  dev = await signedInDeveloper(t);
  insecure = connectFetch(t);
  as = await discoverConnect(t);
});

afterAll(async () => {
  await t.close();
});

const location = (res: Response) => locationOf(t, res);

async function newClient(clientCode: string) {
  const id = await createApp(dev.client, { callbackUrl: REDIRECT, allowedUsers: clientCode });
  return { id, key: await currentKeyOf(t, id) };
}

const signInAt = (clientId: string, clientCode: string, state: string, challenge: string) =>
  signInVia(t, as, { clientId, clientCode, state, challenge });

function service(path: string, token: string) {
  return fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SERVICE_TOKEN}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ token }).toString(),
  });
}

describe(`Connect with a standard OAuth client (${engine})`, () => {
  it('publishes RFC 8414 metadata with S256 as the only PKCE method', () => {
    expect(as.issuer).toBe(t.config.publicUrl);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.response_types_supported).toEqual(['code']);
    expect(as.scopes_supported).toEqual(['orders', 'portfolio', 'market-data']);
  });

  it('signs a client in: consent, code, token ending at the next 06:00 IST, introspection, revocation', async () => {
    const clientCode = `AB${Date.now() % 100000}`;
    const { id, key } = await newClient(clientCode);
    const client: oauth.Client = { client_id: id };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const { browser, back } = await signInAt(
      id,
      clientCode,
      state,
      await oauth.calculatePKCECodeChallenge(verifier),
    );
    expect(back.status).toBe(200);
    const page = await back.text();
    expect(page).toContain(ConnectPageTexts.consentHeading('My Trading App'));
    expect(page).toContain(CONNECT_SCOPE_TEXT.orders);
    expect(back.headers.get('x-frame-options')).toBe('DENY');
    const allowed = await answerConsent(browser, page, 'allow');
    expect(allowed.status).toBe(302);
    const params = oauth.validateAuthResponse(as, client, location(allowed), state);
    const exchange = () =>
      oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.ClientSecretBasic(key),
        params,
        REDIRECT,
        verifier,
        insecure,
      );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await exchange());
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toBe('orders portfolio');
    expect(tokens.refresh_token).toBeUndefined();
    const now = t.clock.now();
    const cutoff = Math.floor(now / 86_400_000) * 86_400_000 + 30 * 60_000;
    const expected = cutoff > now ? cutoff : cutoff + 86_400_000;
    expect(tokens.expires_in).toBe(Math.floor((expected - now) / 1000));
    const stored = await t.db.kysely
      .selectFrom('connectTokens')
      .selectAll()
      .where('applicationId', '=', id)
      .execute();
    expect(stored.map((r) => [r.clientCode, r.tokenHash === tokens.access_token])).toEqual([
      [clientCode, false],
    ]);

    const live: unknown = await (
      await service(ConnectPaths.introspect, tokens.access_token)
    ).json();
    expect(live).toMatchObject({
      active: true,
      client_id: id,
      sub: clientCode,
      scope: 'orders portfolio',
    });
    expect((await service(ConnectPaths.revoke, tokens.access_token)).status).toBe(200);
    expect(await (await service(ConnectPaths.introspect, tokens.access_token)).json()).toEqual({
      active: false,
    });
  });

  it("lets the consent page's form go on to the redirect URL's origin, and no other page", async () => {
    const clientCode = `CS${Date.now() % 100000}`;
    const { id } = await newClient(clientCode);
    const verifier = oauth.generateRandomCodeVerifier();
    const { back } = await signInAt(
      id,
      clientCode,
      oauth.generateRandomState(),
      await oauth.calculatePKCECodeChallenge(verifier),
    );
    expect(back.status).toBe(200);
    const formAction = (res: Response) =>
      /form-action ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    expect(formAction(back).split(' ')).toEqual(
      expect.arrayContaining(["'self'", 'https://client.example']),
    );
    const elsewhere = await fetch(`${t.baseUrl}/`);
    expect(formAction(elsewhere)).toContain("'self'");
    expect(formAction(elsewhere)).not.toContain('client.example');
    const failed = await fetch(`${t.baseUrl}${ConnectPaths.callback}?state=x&auth=y`);
    expect(formAction(failed)).not.toContain('client.example');
  });

  it('refuses a replayed code and revokes the token it issued', async () => {
    const clientCode = `RP${Date.now() % 100000}`;
    const { id, key } = await newClient(clientCode);
    const client: oauth.Client = { client_id: id };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const { browser, back } = await signInAt(
      id,
      clientCode,
      state,
      await oauth.calculatePKCECodeChallenge(verifier),
    );
    const params = oauth.validateAuthResponse(
      as,
      client,
      location(await answerConsent(browser, await back.text(), 'allow')),
      state,
    );
    const exchange = () =>
      oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.ClientSecretPost(key),
        params,
        REDIRECT,
        verifier,
        insecure,
      );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await exchange());
    const replay = await exchange();
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await (await service(ConnectPaths.introspect, tokens.access_token)).json()).toEqual({
      active: false,
    });
  });

  it('refuses a wrong PKCE verifier, an expired code and a wrong client secret', async () => {
    const clientCode = `PK${Date.now() % 100000}`;
    const { id, key } = await newClient(clientCode);
    const client: oauth.Client = { client_id: id };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const { browser, back } = await signInAt(
      id,
      clientCode,
      state,
      await oauth.calculatePKCECodeChallenge(verifier),
    );
    const params = oauth.validateAuthResponse(
      as,
      client,
      location(await answerConsent(browser, await back.text(), 'allow')),
      state,
    );
    const wrongSecret = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic('not-the-key'),
      params,
      REDIRECT,
      verifier,
      insecure,
    );
    expect([wrongSecret.status, ((await wrongSecret.json()) as { error: string }).error]).toEqual([
      401,
      'invalid_client',
    ]);
    const wrongVerifier = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(key),
      params,
      REDIRECT,
      oauth.generateRandomCodeVerifier(),
      insecure,
    );
    expect(((await wrongVerifier.json()) as { error: string }).error).toBe('invalid_grant');
    t.clock.advance(60_000);
    const late = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(key),
      params,
      REDIRECT,
      verifier,
      insecure,
    );
    expect(((await late.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('sends access_denied back when the client denies, or is not the allowed client', async () => {
    const { id } = await newClient('ALLOWED1');
    const client: oauth.Client = { client_id: id };
    const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
    const denied = await signInAt(id, 'ALLOWED1', 's1', challenge);
    const deny = await answerConsent(denied.browser, await denied.back.text(), 'deny');
    expect(() => oauth.validateAuthResponse(as, client, location(deny), 's1')).toThrow();
    expect(location(deny).searchParams.get('error')).toBe('access_denied');
    const other = await signInAt(id, 'SOMEONE2', 's2', challenge);
    expect(other.back.status).toBe(302);
    expect(location(other.back).searchParams.get('error')).toBe('access_denied');
    expect(location(other.back).searchParams.get('state')).toBe('s2');
  });

  it('never redirects to an unregistered URL, and asks for state and S256', async () => {
    const { id } = await newClient('CC1');
    const ask = (query: Record<string, string>) =>
      fetch(`${t.baseUrl}${ConnectPaths.authorize}?${new URLSearchParams(query).toString()}`, {
        redirect: 'manual',
      });
    const base = {
      response_type: 'code',
      client_id: id,
      redirect_uri: REDIRECT,
      state: 'x',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    };
    const elsewhere = await ask({ ...base, redirect_uri: 'https://evil.example/callback' });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain(
      'The redirect URL is not the application&#39;s registered redirect URL.',
    );
    const plain = await ask({ ...base, code_challenge_method: 'plain' });
    expect(new URL(plain.headers.get('location') ?? '').searchParams.get('error')).toBe(
      'invalid_request',
    );
    const noState = await ask({ ...base, state: '' });
    expect(new URL(noState.headers.get('location') ?? '').searchParams.get('error')).toBe(
      'invalid_request',
    );
  });

  it('keeps revocation and introspection to holders of the service token', async () => {
    const res = await fetch(`${t.baseUrl}${ConnectPaths.introspect}`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer wrong',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'token=x',
    });
    expect(res.status).toBe(401);
  });

  it("refuses an Allow posted without the consent page's form token, on a page that says why", async () => {
    const res = await fetch(`${t.baseUrl}${ConnectPaths.consent}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request: 'r', decision: 'allow' }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    const page = await res.text();
    expect(page).toContain(`<h1>${ConnectPageTexts.failedTitle}</h1>`);
    expect(page).toContain(ConnectMessages.formExpired);
  });
});
