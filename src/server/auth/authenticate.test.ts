import { generateKeyPairSync } from 'node:crypto';
import Fastify from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/support/test-app.js';
import { registerErrorHandler } from '../http/error-handler.js';
import { authenticatedDeveloperId, createAuthenticate } from './authenticate.js';
import { signAccessToken } from './tokens.js';

const SECRET = 's'.repeat(43);
const clock = new TestClock();
const validAfter = new Map<string, number>();
const app = Fastify({ logger: false });

beforeAll(async () => {
  registerErrorHandler(app);
  const authenticate = createAuthenticate({
    accessTokenSecret: SECRET,
    clock,
    bearerState: (id) => {
      const tokensValidAfter = validAfter.get(id);
      return Promise.resolve(
        tokensValidAfter === undefined
          ? undefined
          : { tokensValidAfter, appsVersion: 0, secondFactorAt: null },
      );
    },
    isSessionEnded: () => Promise.resolve(false),
    twoFactorPolicy: 'optional',
  });
  app.get('/me', { preHandler: authenticate }, (request) => ({
    id: authenticatedDeveloperId(request),
  }));
  app.get('/open', (request) => ({ id: authenticatedDeveloperId(request) }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

beforeEach(() => {
  validAfter.clear();
  validAfter.set('dev-1', 0);
});

async function call(authorization?: string, url = '/me') {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: authorization === undefined ? {} : { authorization },
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

function token(claims: Partial<{ developerId: string; issuedAtMs: number }> = {}) {
  return signAccessToken(SECRET, {
    developerId: claims.developerId ?? 'dev-1',
    clientCode: null,
    issuedAtMs: claims.issuedAtMs ?? clock.now(),
    sessionId: 'session-1',
  });
}

const UNAUTHORIZED = {
  status: 401,
  body: { status: 'error', code: 'unauthorized', message: 'Unauthorized' },
};

describe('authenticate', () => {
  it('passes a valid bearer token and exposes the developer id', async () => {
    expect(await call(`Bearer ${token()}`)).toEqual({ status: 200, body: { id: 'dev-1' } });
  });

  it.each([
    ['no header', undefined],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Token abc.def.ghi'],
    ['garbage', 'Bearer not-a-jwt'],
  ])('refuses %s', async (_case, header) => {
    expect(await call(header)).toEqual(UNAUTHORIZED);
  });

  it('refuses a token whose payload was changed', async () => {
    const [header, , signature] = token().split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: 'dev-2', iat_ms: clock.now(), exp: 9_999_999_999 }),
    ).toString('base64url');
    validAfter.set('dev-2', 0);
    expect(await call(`Bearer ${header ?? ''}.${payload}.${signature ?? ''}`)).toEqual(
      UNAUTHORIZED,
    );
  });

  it('refuses alg none, another HMAC algorithm and an RSA token', async () => {
    const now = Math.floor(clock.now() / 1000);
    const claims = { iat_ms: clock.now() };
    const unsigned = new UnsecuredJWT(claims)
      .setSubject('dev-1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .encode();
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('dev-1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(SECRET.repeat(2)));
    const rs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('dev-1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    for (const jwt of [unsigned, hs512, rs256]) {
      expect(await call(`Bearer ${jwt}`)).toEqual(UNAUTHORIZED);
    }
  });

  it('refuses a token signed with another secret', async () => {
    const other = signAccessToken('o'.repeat(43), {
      developerId: 'dev-1',
      clientCode: null,
      issuedAtMs: clock.now(),
      sessionId: 'session-1',
    });
    expect(await call(`Bearer ${other}`)).toEqual(UNAUTHORIZED);
  });

  it('refuses an expired token', async () => {
    const jwt = token();
    clock.advance(15 * 60_000);
    expect(await call(`Bearer ${jwt}`)).toEqual(UNAUTHORIZED);
  });

  it('refuses the token of a developer who is gone', async () => {
    validAfter.delete('dev-1');
    expect(await call(`Bearer ${token()}`)).toEqual(UNAUTHORIZED);
  });

  it('refuses tokens issued before the password reset, even in the same second', async () => {
    const before = token({ issuedAtMs: clock.now() });
    validAfter.set('dev-1', clock.now() + 1);
    expect(await call(`Bearer ${before}`)).toEqual(UNAUTHORIZED);
    const after = token({ issuedAtMs: clock.now() + 1 });
    expect((await call(`Bearer ${after}`)).status).toBe(200);
  });

  it('refuses a token without iat_ms', async () => {
    const now = Math.floor(clock.now() / 1000);
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('dev-1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await call(`Bearer ${jwt}`)).toEqual(UNAUTHORIZED);
  });

  it('refuses a token without exp, even when signed with the secret', async () => {
    const jwt = await new SignJWT({ iat_ms: clock.now() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('dev-1')
      .setIssuedAt(Math.floor(clock.now() / 1000))
      .sign(new TextEncoder().encode(SECRET));
    expect(await call(`Bearer ${jwt}`)).toEqual(UNAUTHORIZED);
  });

  it('refuses a signature with extra characters and a token with an extra part', async () => {
    const jwt = token();
    expect(await call(`Bearer ${jwt}A`)).toEqual(UNAUTHORIZED);
    expect(await call(`Bearer ${jwt}.x`)).toEqual(UNAUTHORIZED);
  });

  it('accepts a token up to the last second before exp', async () => {
    const jwt = token();
    clock.advance(15 * 60_000 - 1000);
    expect((await call(`Bearer ${jwt}`)).status).toBe(200);
  });

  it('makes a route without it unable to read a developer id', async () => {
    expect(await call(`Bearer ${token()}`, '/open')).toEqual(UNAUTHORIZED);
  });
});
