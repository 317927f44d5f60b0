import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { AuthResponse, RefreshResponse } from '../../contract/auth.js';
import { Messages } from '../../contract/messages.js';
import {
  createDeveloper,
  primedClient,
  signIn,
  type TestDeveloper,
} from '../../../test/support/accounts.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { addWhoamiProbe, WHOAMI_PATH } from '../../../test/support/whoami-probe.js';
import { hashRefreshToken } from './tokens.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ extend: addWhoamiProbe });
});

afterAll(async () => {
  await t.close();
});

const REUSE_INTERVAL_MS = 10_000;
const EXPIRED = { status: 'error', code: 'unauthorized', message: Messages.auth.sessionExpired };
const UNAUTHORIZED = { status: 'error', code: 'unauthorized', message: 'Unauthorized' };

async function session(dev: TestDeveloper) {
  const res = await signIn(await primedClient(t), dev.email, dev.password);
  if (res.status !== 200) throw new Error('sign-in failed');
  return res.body.user_status.AuthenticationResult;
}

async function refresh(refreshToken: string, id: string) {
  const client = await primedClient(t);
  return client.json<RefreshResponse>('POST', ApiPaths.refresh, {
    json: { refresh_token: refreshToken, id },
  });
}

function tokenRow(refreshToken: string) {
  return t.db.kysely
    .selectFrom('refreshTokens')
    .select(['id', 'familyId', 'expiresAt', 'revokedAt', 'replacedBy'])
    .where('tokenHash', '=', hashRefreshToken(refreshToken))
    .executeTakeFirstOrThrow();
}

function liveTokens(familyId: string) {
  return t.db.kysely
    .selectFrom('refreshTokens')
    .select('id')
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
}

async function whoami(accessToken: string) {
  const client = new HttpClient(t.baseUrl);
  client.bearer = accessToken;
  return client.json('GET', WHOAMI_PATH);
}

describe(`POST refresh (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('rotates the token inside its family and keeps the family expiry', async () => {
    const dev = await createDeveloper(t);
    const first = await session(dev);
    const before = await tokenRow(first.RefreshToken);
    t.clock.advance(10 * 24 * 60 * 60_000);

    const res = await refresh(first.RefreshToken, dev.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: Messages.auth.tokenRefreshed,
      user_status: {
        AuthenticationResult: {
          AccessToken: expect.any(String) as string,
          RefreshToken: expect.any(String) as string,
          ExpiresIn: 900,
          TokenType: 'Bearer',
        },
      },
    });
    const next = res.body.user_status.AuthenticationResult;
    expect(next.RefreshToken).not.toBe(first.RefreshToken);
    const successor = await tokenRow(next.RefreshToken);
    expect(await tokenRow(first.RefreshToken)).toEqual({
      ...before,
      revokedAt: t.clock.now(),
      replacedBy: successor.id,
    });
    expect(successor).toMatchObject({
      familyId: before.familyId,
      expiresAt: before.expiresAt,
      revokedAt: null,
    });
    expect((await whoami(next.AccessToken)).body).toEqual({ id: dev.id });
  });

  it('refuses a token of another developer id and leaves it usable', async () => {
    const dev = await createDeveloper(t);
    const other = await createDeveloper(t);
    const { RefreshToken } = await session(dev);
    const res = await refresh(RefreshToken, other.id);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(EXPIRED);
    expect((await tokenRow(RefreshToken)).revokedAt).toBeNull();
    expect((await refresh(RefreshToken, dev.id)).status).toBe(200);
  });

  it('revokes the whole family when a rotated token comes back', async () => {
    const dev = await createDeveloper(t);
    const first = await session(dev);
    const second = (await refresh(first.RefreshToken, dev.id)).body.user_status
      .AuthenticationResult;
    t.clock.advance(REUSE_INTERVAL_MS + 1);
    const reused = await refresh(first.RefreshToken, dev.id);
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual(EXPIRED);
    const { familyId } = await tokenRow(first.RefreshToken);
    expect(await liveTokens(familyId)).toEqual([]);
    const afterwards = await refresh(second.RefreshToken, dev.id);
    expect(afterwards.status).toBe(401);
    expect(afterwards.body).toEqual(EXPIRED);
  });

  it('leaves other sessions of the developer alone', async () => {
    const dev = await createDeveloper(t);
    const a = await session(dev);
    const b = await session(dev);
    await refresh(a.RefreshToken, dev.id);
    t.clock.advance(REUSE_INTERVAL_MS + 1);
    expect((await refresh(a.RefreshToken, dev.id)).status).toBe(401);
    expect((await refresh(b.RefreshToken, dev.id)).status).toBe(200);
  });

  it('ends 30 days after the sign-in, however often it was rotated', async () => {
    const dev = await createDeveloper(t);
    let token = (await session(dev)).RefreshToken;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(10 * 24 * 60 * 60_000 - 1);
      const res = await refresh(token, dev.id);
      expect(res.status).toBe(200);
      token = res.body.user_status.AuthenticationResult.RefreshToken;
    }
    t.clock.advance(3);
    const res = await refresh(token, dev.id);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(EXPIRED);
  });

  it('gives two parallel refreshes of one token the same successor (two tabs)', async () => {
    const dev = await createDeveloper(t);
    for (let round = 0; round < 5; round++) {
      const { RefreshToken } = await session(dev);
      const results = await Promise.all([
        refresh(RefreshToken, dev.id),
        refresh(RefreshToken, dev.id),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      const [a, b] = results.map((r) => r.body.user_status.AuthenticationResult);
      expect(a?.RefreshToken).toBe(b?.RefreshToken);
      const { familyId } = await tokenRow(RefreshToken);
      const live = await liveTokens(familyId);
      expect(live).toEqual([{ id: (await tokenRow(a?.RefreshToken ?? '')).id }]);
      for (const tokens of [a, b]) {
        expect((await whoami(tokens?.AccessToken ?? '')).body).toEqual({ id: dev.id });
      }
    }
  });

  it('hands back the same successor until the reuse interval is over, then ends the family', async () => {
    const dev = await createDeveloper(t);
    const first = await session(dev);
    const second = (await refresh(first.RefreshToken, dev.id)).body.user_status
      .AuthenticationResult;
    t.clock.advance(REUSE_INTERVAL_MS);
    const again = await refresh(first.RefreshToken, dev.id);
    expect(again.status).toBe(200);
    expect(again.body.user_status.AuthenticationResult.RefreshToken).toBe(second.RefreshToken);
    expect((await whoami(again.body.user_status.AuthenticationResult.AccessToken)).status).toBe(
      200,
    );

    t.clock.advance(1);
    const late = await refresh(first.RefreshToken, dev.id);
    expect(late.status).toBe(401);
    expect(late.body).toEqual(EXPIRED);
    const { familyId } = await tokenRow(first.RefreshToken);
    expect(await liveTokens(familyId)).toEqual([]);
    expect((await refresh(second.RefreshToken, dev.id)).status).toBe(401);
  });

  it('refuses a rotated token within the interval once its successor was rotated too', async () => {
    const dev = await createDeveloper(t);
    const first = await session(dev);
    const second = (await refresh(first.RefreshToken, dev.id)).body.user_status
      .AuthenticationResult;
    expect((await refresh(second.RefreshToken, dev.id)).status).toBe(200);
    const replay = await refresh(first.RefreshToken, dev.id);
    expect(replay.status).toBe(401);
    const { familyId } = await tokenRow(first.RefreshToken);
    expect(await liveTokens(familyId)).toEqual([]);
  });

  it('answers an unknown token with 401', async () => {
    const dev = await createDeveloper(t);
    const res = await refresh('x'.repeat(43), dev.id);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(EXPIRED);
  });

  it.each([
    [{ id: 'x' }, 'refresh_token'],
    [{ refresh_token: 'x' }, 'id'],
    [{ refresh_token: '', id: 'x' }, 'refresh_token'],
    [{ refresh_token: 'x'.repeat(513), id: 'x' }, 'refresh_token'],
    [{ refresh_token: 'x', id: 'x'.repeat(65) }, 'id'],
    [{ refresh_token: 42, id: 'x' }, 'refresh_token'],
  ])('answers 400 for %o', async (json, field) => {
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.refresh, { json });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', field });
  });
});

describe('POST logout', () => {
  it('revokes the family of the token', async () => {
    const dev = await createDeveloper(t);
    const first = await session(dev);
    const second = (await refresh(first.RefreshToken, dev.id)).body.user_status
      .AuthenticationResult;
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.logout, {
      json: { refresh_token: second.RefreshToken },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: Messages.auth.loggedOut });
    const { familyId } = await tokenRow(second.RefreshToken);
    expect(await liveTokens(familyId)).toEqual([]);
    expect((await refresh(second.RefreshToken, dev.id)).status).toBe(401);
    // Within the reuse interval, the token rotated just before the logout is dead too.
    expect((await refresh(first.RefreshToken, dev.id)).status).toBe(401);
  });

  it('answers an unknown token the same', async () => {
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.logout, { json: { refresh_token: 'nope' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: Messages.auth.loggedOut });
  });

  it('answers 400 without a token or with an extra field', async () => {
    const client = await primedClient(t);
    expect((await client.json('POST', ApiPaths.logout, { json: {} })).status).toBe(400);
    const extra = await client.json('POST', ApiPaths.logout, {
      json: { refresh_token: 'x', all: true },
    });
    expect(extra.status).toBe(400);
  });
});

describe('access tokens on a bearer route', () => {
  let dev: TestDeveloper;
  let signedIn: AuthResponse['user_status']['AuthenticationResult'];

  beforeAll(async () => {
    dev = await createDeveloper(t);
    signedIn = await session(dev);
  });

  it('let the developer through with a fresh token', async () => {
    const res = await whoami(signedIn.AccessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: dev.id });
  });

  it('refuse a missing header and other schemes', async () => {
    expect((await new HttpClient(t.baseUrl).json('GET', WHOAMI_PATH)).body).toEqual(UNAUTHORIZED);
    const basic = await new HttpClient(t.baseUrl).json('GET', WHOAMI_PATH, {
      headers: { authorization: `Basic ${signedIn.AccessToken}` },
    });
    expect(basic.status).toBe(401);
    expect(basic.body).toEqual(UNAUTHORIZED);
  });

  it('refuse a tampered token', async () => {
    const [header, payload, signature] = signedIn.AccessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
      'base64url',
    );
    const res = await whoami(`${header ?? ''}.${forged}.${signature ?? ''}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('refuse an alg "none" token and a token signed with another key', async () => {
    const now = Math.floor(t.clock.now() / 1000);
    const unsigned = new UnsecuredJWT({ iat_ms: t.clock.now() })
      .setSubject(dev.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .encode();
    expect((await whoami(unsigned)).body).toEqual(UNAUTHORIZED);
    const otherKey = await new SignJWT({ iat_ms: t.clock.now() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(dev.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .sign(new TextEncoder().encode('another-secret-another-secret-xx'));
    expect((await whoami(otherKey)).status).toBe(401);
  });

  it('refuse a token once its 15 minutes are over', async () => {
    const fresh = await session(dev);
    t.clock.advance(15 * 60_000 - 1000);
    expect((await whoami(fresh.AccessToken)).status).toBe(200);
    t.clock.advance(1000);
    const res = await whoami(fresh.AccessToken);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });
});
