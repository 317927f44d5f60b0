import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InternalPaths } from '../../contract/api-paths.js';
import { CONNECT_TOKEN_REQUESTS_PER_MINUTE, ConnectPaths } from '../../contract/connect.js';
import { OpsApiPaths } from '../../contract/ops.js';
import {
  createApp,
  putApp,
  appFields,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import {
  CONNECT_REDIRECT,
  connectAccessToken,
  discoverConnect,
} from '../../../test/support/connect.js';
import {
  bearerFrom,
  connectGatewayEnv,
  settledTokenAnswer,
  signedInConnectClient,
} from '../../../test/support/connect-clients.js';
import { askGateway, type CheckAnswer } from '../../../test/support/gateway.js';
import { signedInOperator, type TestOperator } from '../../../test/support/operators.js';
import { SERVICE_TOKEN } from '../../../test/support/postbacks.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const engine = process.env.TEST_DB ?? 'sqlite';
const IP = '203.0.113.70';

let t: TestApp;
let dev: SignedInDeveloper;
let as: oauth.AuthorizationServer;
let support: TestOperator;

beforeAll(async () => {
  t = await startTestApp({ env: await connectGatewayEnv() });
  dev = await signedInDeveloper(t);
  as = await discoverConnect(t);
  support = await signedInOperator(t, 'support');
});

afterAll(async () => {
  await t.close();
});

/** An application a client may sign in to, called from `IP`, and that client's token. */
const signedInClient = () => signedInConnectClient(t, dev, as, IP);
const bearer = (token: string) => bearerFrom(token, IP);
const reasonOf = (answer: CheckAnswer) => answer.headers.get('x-deny-reason');
const settled = (token: string, isDone: (a: CheckAnswer) => boolean) =>
  settledTokenAnswer(t, bearer(token), isDone);

function service(path: string, form: Record<string, string>) {
  return fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SERVICE_TOKEN}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
}

describe(`Connect access tokens at the gateway check (${engine})`, () => {
  it("lets a signed-in client's token through with the application's headers and the client's code", async () => {
    const { id, clientCode, token } = await signedInClient();
    await putApp(
      dev.client,
      id,
      appFields({
        ipRecords: IP,
        algo_id: 'algo-9',
        callbackUrl: CONNECT_REDIRECT,
        allowedUsers: clientCode,
      }),
    );
    const answer = await settled(token, (a) => a.headers.get('x-algo-id') === 'algo-9');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-application-id')).toBe(id);
    expect(answer.headers.get('x-developer-id')).toBe(dev.id);
    expect(answer.headers.get('x-client-code')).toBe(clientCode);
    expect(answer.body).toMatchObject({ status: 'success', clientCode, keyGraceUntil: null });

    const json = await fetch(`${t.baseUrl}${InternalPaths.authorize}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SERVICE_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accessToken: token, ip: IP }),
    });
    expect([json.status, await json.json()]).toEqual([
      200,
      expect.objectContaining({ applicationId: id, clientCode }),
    ]);

    const elsewhere = await askGateway(t, { ...bearer(token), 'x-real-ip': '198.51.100.1' });
    expect([elsewhere.status, reasonOf(elsewhere)]).toEqual([403, 'address_not_allowed']);
    const unknown = await askGateway(t, bearer('not-a-token'));
    expect([unknown.status, reasonOf(unknown)]).toEqual([401, 'token_unknown']);
    expect(unknown.body).toMatchObject({ code: 'token_unknown' });
  });

  it('refuses a revoked token with token_revoked', async () => {
    const { token } = await signedInClient();
    expect((await settled(token, (a) => a.status === 200)).status).toBe(200);
    expect((await service(ConnectPaths.revoke, { token })).status).toBe(200);
    const answer = await settled(token, (a) => a.status !== 200);
    expect([answer.status, reasonOf(answer)]).toEqual([401, 'token_revoked']);
  });

  it('refuses the token of a blocked application at once, and its new sign-ins', async () => {
    const { id, key, clientCode, token } = await signedInClient();
    expect((await settled(token, (a) => a.status === 200)).status).toBe(200);
    const blocked = await support.client.json('POST', OpsApiPaths.applicationBlock(id), {
      json: { blocked: true, reason: 'Runaway orders' },
    });
    expect(blocked.status).toBe(200);
    // The block revokes the token (docs/connect.md), so lifting it does not bring it back.
    const answer = await settled(token, (a) => a.status !== 200);
    expect([answer.status, reasonOf(answer)]).toEqual([401, 'token_revoked']);

    const authorize = await fetch(
      `${t.baseUrl}${ConnectPaths.authorize}?${new URLSearchParams({
        response_type: 'code',
        client_id: id,
        redirect_uri: CONNECT_REDIRECT,
        state: 'st-1',
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
      }).toString()}`,
      { redirect: 'manual' },
    );
    expect(authorize.status).toBe(302);
    const back = new URL(authorize.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(CONNECT_REDIRECT);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('error_description')).toBe('The provider blocked the application');
    await expect(connectAccessToken(t, as, { id, key, clientCode })).rejects.toThrow();
  });

  it('limits token requests per client with a 429 and an OAuth error body', async () => {
    const id = await createApp(dev.client, { callbackUrl: CONNECT_REDIRECT });
    const ask = (clientId: string) =>
      fetch(`${t.baseUrl}${ConnectPaths.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: 'x',
          client_id: clientId,
          client_secret: 'wrong',
        }).toString(),
      });
    for (let i = 0; i < CONNECT_TOKEN_REQUESTS_PER_MINUTE; i += 1) {
      expect((await ask(id)).status).toBe(401);
    }
    const limited = await ask(id);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: expect.stringContaining('too many token requests') as unknown,
    });
    expect((await ask('another-client')).status).toBe(401);
  });

  // Last: it moves the clock a day on.
  it('refuses a token after the daily logout with token_expired', async () => {
    const { token } = await signedInClient();
    expect((await settled(token, (a) => a.status === 200)).status).toBe(200);
    t.clock.advance(24 * 60 * 60_000);
    const answer = await askGateway(t, bearer(token));
    expect([answer.status, reasonOf(answer)]).toEqual([401, 'token_expired']);
  });
});
