import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { decodeJwt, exportJWK, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { userAttribute, type AuthResponse } from '../../contract/auth.js';
import { Messages } from '../../contract/messages.js';
import {
  createDeveloper,
  developerRow,
  PASSWORD,
  primedClient,
  signIn,
  uniqueEmail,
} from '../../../test/support/accounts.js';
import {
  exchangeInBrowser,
  flowIdentity as identity,
  startHandOff,
  tokenFromForm,
} from '../../../test/support/flow.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { FLOW_KEY_FILE } from '../dev/flow-provider.js';

let t: TestApp;
let providerKey: KeyObject;

beforeAll(async () => {
  t = await startTestApp();
  providerKey = createPrivateKey(await readFile(path.join(t.dataDir, FLOW_KEY_FILE), 'utf8'));
});

afterAll(async () => {
  await t.close();
});

const INVALID = { status: 'error', code: 'unauthorized', message: Messages.auth.flowTokenInvalid };
let counter = 0;

function exchange(app: TestApp, token: string) {
  return exchangeInBrowser(app, token);
}

function signed(
  claims: Record<string, unknown>,
  options: {
    key?: KeyObject;
    audience?: string;
    issuer?: string;
    expiresIn?: number;
    jti?: string | null;
  } = {},
) {
  const now = Math.floor(t.clock.now() / 1000);
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', ...(options.key === undefined ? {} : { kid: 'k1' }) })
    .setAudience(options.audience ?? t.config.flow.audience)
    .setIssuer(options.issuer ?? t.config.publicUrl)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 300));
  if (options.jti !== null) jwt.setJti(options.jti ?? `jti-${Date.now()}-${++counter}`);
  return jwt.sign(options.key ?? providerKey);
}

describe('GET loginWithFlow', () => {
  it('creates a verified developer on a first hand-off and answers like sign-in', async () => {
    const who = identity();
    const res = await exchange(t, await tokenFromForm(t, who));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: Messages.login.success });
    const row = await developerRow(t, who.email);
    expect(row).toMatchObject({
      email: who.email,
      name: who.name,
      clientCode: who.client_code,
      mobile: '',
      state: '',
      passwordHash: null,
      verifiedAt: t.clock.now(),
    });
    expect(userAttribute(res.body, 'sub')).toBe(row?.id);
    expect(userAttribute(res.body, 'custom:client_code')).toBe(who.client_code);
    expect(userAttribute(res.body, 'email_verified')).toBe('true');
    const { AccessToken, ExpiresIn } = res.body.user_status.AuthenticationResult;
    expect(ExpiresIn).toBe(900);
    expect(decodeJwt(AccessToken)).toMatchObject({ sub: row?.id, client_code: who.client_code });
  });

  it('accepts each token once', async () => {
    const token = await tokenFromForm(t, identity());
    expect((await exchange(t, token)).status).toBe(200);
    const again = await exchange(t, token);
    expect(again.status).toBe(401);
    expect(again.body).toEqual(INVALID);
  });

  it('signs in the developer already linked to the client code', async () => {
    const who = identity();
    const first = await exchange(t, await tokenFromForm(t, who));
    const second = await exchange(
      t,
      await tokenFromForm(t, { ...who, email: uniqueEmail(), name: 'Other Name' }),
    );
    expect(second.status).toBe(200);
    expect(userAttribute(second.body, 'sub')).toBe(userAttribute(first.body, 'sub'));
    expect(userAttribute(second.body, 'email')).toBe(who.email);
  });

  it('links a signed-up developer by e-mail, verifying it', async () => {
    const dev = await createDeveloper(t, { verified: false });
    const who = { ...identity(), email: dev.email.toUpperCase() };
    const res = await exchange(t, await tokenFromForm(t, who));
    expect(res.status).toBe(200);
    expect(userAttribute(res.body, 'sub')).toBe(dev.id);
    expect(await developerRow(t, dev.email)).toMatchObject({
      clientCode: who.client_code,
      verifiedAt: t.clock.now(),
      email: dev.email,
    });
  });

  it.each([
    ['without email_verified', {}],
    ['with email_verified false', { email_verified: false }],
    ['with email_verified "true" (a string)', { email_verified: 'true' }],
  ])('refuses to link a password account to a token %s, with 409', async (_case, claim) => {
    const dev = await createDeveloper(t);
    const who = identity({ emailVerified: false });
    const res = await exchange(t, await signed({ ...who, email: dev.email, ...claim }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      status: 'error',
      code: 'conflict',
      message: Messages.auth.flowEmailNotVerified,
    });
    expect(await developerRow(t, dev.email)).toMatchObject({ clientCode: null });
  });

  it('still creates a new developer from a token without email_verified, left unverified', async () => {
    const who = identity({ emailVerified: false });
    const res = await exchange(t, await signed(who));
    expect(res.status).toBe(200);
    expect(userAttribute(res.body, 'email_verified')).toBe('false');
    expect(await developerRow(t, who.email)).toMatchObject({
      clientCode: who.client_code,
      verifiedAt: null,
    });
  });

  it('verifies that developer once a later hand-off vouches for the e-mail', async () => {
    const who = identity({ emailVerified: false });
    expect((await exchange(t, await signed(who))).status).toBe(200);
    t.clock.advance(1000);
    const res = await exchange(t, await signed({ ...who, email_verified: true }));
    expect(res.status).toBe(200);
    expect((await developerRow(t, who.email))?.verifiedAt).toBe(t.clock.now());
  });

  it('refuses to move an e-mail linked to another client code', async () => {
    const who = identity();
    await exchange(t, await tokenFromForm(t, who));
    const res = await exchange(t, await tokenFromForm(t, { ...identity(), email: who.email }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
    expect((await developerRow(t, who.email))?.clientCode).toBe(who.client_code);
  });

  it('refuses an expired token', async () => {
    const token = await tokenFromForm(t, identity());
    t.clock.advance(5 * 60_000);
    const res = await exchange(t, token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  it('accepts a hand-crafted token with the provider key (the control case)', async () => {
    expect((await exchange(t, await signed(identity()))).status).toBe(200);
  });

  it.each([
    [
      'another key',
      async () =>
        signed(identity(), { key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }),
    ],
    ['the wrong audience', async () => signed(identity(), { audience: 'someone-else' })],
    ['no jti', async () => signed(identity(), { jti: null })],
    ['no client code', async () => signed({ ...identity(), client_code: undefined })],
    ['a bad e-mail', async () => signed({ ...identity(), email: 'nope' })],
    ['no name', async () => signed({ ...identity(), name: '' })],
    [
      'alg none',
      async () =>
        Promise.resolve(
          new UnsecuredJWT(identity())
            .setAudience('developer-portal')
            .setJti('j')
            .setExpirationTime('5m')
            .encode(),
        ),
    ],
    [
      'HS256 keyed with the public key',
      async () => {
        const pem = await readFile(path.join(t.dataDir, FLOW_KEY_FILE), 'utf8');
        return new SignJWT(identity())
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience('developer-portal')
          .setJti('hs')
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode(pem));
      },
    ],
    ['garbage', async () => Promise.resolve('not.a.token')],
  ])('refuses a token with %s', async (_case, make) => {
    const res = await exchange(t, await make());
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  it('answers 400 without auth or with an oversized one', async () => {
    const client = new HttpClient(t.baseUrl);
    expect((await client.json('GET', ApiPaths.loginWithFlow)).status).toBe(400);
    const long = await client.json('GET', `${ApiPaths.loginWithFlow}?auth=${'x'.repeat(8193)}`);
    expect(long.status).toBe(400);
  });
});

describe('the hand-off state (login CSRF)', () => {
  const MISMATCH = {
    status: 'error',
    code: 'unauthorized',
    message: Messages.auth.flowStateMismatch,
  };
  const callback = (browser: HttpClient, auth: string, state?: string) =>
    browser.json<AuthResponse>(
      'GET',
      `${ApiPaths.loginWithFlow}?${new URLSearchParams({ auth, ...(state === undefined ? {} : { state }) }).toString()}`,
    );

  it('starts at the provider with the application id and a state bound to this browser', async () => {
    const browser = new HttpClient(t.baseUrl);
    const res = await browser.request('GET', ApiPaths.flowStart);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(t.config.flow.loginUrl);
    expect(location.searchParams.get('applicationId')).toBe(t.config.flow.applicationId);
    const state = location.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[\w-]{43}$/);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('flow_state='));
    expect(cookie).toContain(`flow_state=${state}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toContain(`Path=${ApiPaths.loginWithFlow}`);
  });

  it('refuses a token sent to a browser that did not start the hand-off, and keeps it usable', async () => {
    const who = identity();
    const token = await tokenFromForm(t, who);
    const victim = new HttpClient(t.baseUrl);
    const attackerState = await startHandOff(new HttpClient(t.baseUrl));
    for (const state of [undefined, attackerState]) {
      const res = await callback(victim, token, state);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(MISMATCH);
    }
    expect(await developerRow(t, who.email)).toBeUndefined();
    // The browser that started it still signs in with it.
    const owner = new HttpClient(t.baseUrl);
    const state = await startHandOff(owner);
    const res = await callback(owner, token, state);
    expect(res.status).toBe(200);
  });

  it('takes a state once', async () => {
    const browser = new HttpClient(t.baseUrl);
    const state = await startHandOff(browser);
    expect((await callback(browser, await tokenFromForm(t, identity()), state)).status).toBe(200);
    const again = await callback(browser, await tokenFromForm(t, identity()), state);
    expect(again.status).toBe(401);
    expect(again.body).toEqual(MISMATCH);
  });
});

describe('an account taken over before it exists', () => {
  const mailsTo = async (email: string) => {
    await t.drainJobs();
    const rows = await t.db.kysely
      .selectFrom('mailboxMessages')
      .select('id')
      .where('toAddress', '=', email)
      .execute();
    return rows.length;
  };

  it('drops the password, refresh tokens and sessions of an unverified sign-up the owner links', async () => {
    // The attacker signs up with the owner's e-mail and never verifies it.
    const planted = await createDeveloper(t, { verified: false });
    // A session on that row, as an older portal could leave one.
    await t.db.kysely
      .updateTable('developers')
      .set({ verifiedAt: t.clock.now() })
      .where('id', '=', planted.id)
      .execute();
    expect((await signIn(await primedClient(t), planted.email, planted.password)).status).toBe(200);
    await t.db.kysely
      .updateTable('developers')
      .set({ verifiedAt: null })
      .where('id', '=', planted.id)
      .execute();

    const owner = { ...identity(), email: planted.email };
    const res = await exchange(t, await tokenFromForm(t, owner));
    expect(res.status).toBe(200);
    expect(userAttribute(res.body, 'sub')).toBe(planted.id);
    expect(await developerRow(t, planted.email)).toMatchObject({
      passwordHash: null,
      clientCode: owner.client_code,
      verifiedAt: t.clock.now(),
    });
    const attacker = await signIn(await primedClient(t), planted.email, planted.password);
    expect(attacker.status).toBe(401);
    expect(attacker.body).toMatchObject({ code: 'bad_credentials' });
    // Only the owner's new session is left, with its one refresh token.
    const sessions = await t.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('developerId', '=', planted.id)
      .execute();
    const families = await t.db.kysely
      .selectFrom('refreshTokens')
      .select('familyId')
      .where('developerId', '=', planted.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(families).toEqual([{ familyId: sessions[0]?.id }]);
  });

  it('keeps a verified password account whole when the owner links it', async () => {
    const dev = await createDeveloper(t);
    const res = await exchange(t, await tokenFromForm(t, { ...identity(), email: dev.email }));
    expect(res.status).toBe(200);
    expect((await signIn(await primedClient(t), dev.email, dev.password)).status).toBe(200);
  });

  it('lets no password reset claim a row a token without email_verified made', async () => {
    // The attacker's provider does not check e-mails: a row with the owner's e-mail.
    const attacker = identity({ emailVerified: false });
    expect((await exchange(t, await signed(attacker))).status).toBe(200);

    const forgot = await (
      await primedClient(t)
    ).json('POST', ApiPaths.forgotPassword, { json: { email: attacker.email } });
    expect(forgot.status).toBe(200);
    expect(await mailsTo(attacker.email)).toBe(0);
    const reset = await (
      await primedClient(t)
    ).json('POST', ApiPaths.forgotPasswordConfirm, {
      json: { email: attacker.email, code: '123456', password: PASSWORD },
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual({
      status: 'error',
      code: 'code_invalid',
      message: Messages.auth.codeInvalid,
    });
    const confirm = await (
      await primedClient(t)
    ).json('POST', ApiPaths.sendConfirmation, { json: { email: attacker.email } });
    expect(confirm.status).toBe(200);
    expect(await mailsTo(attacker.email)).toBe(0);
    expect(await developerRow(t, attacker.email)).toMatchObject({
      passwordHash: null,
      verifiedAt: null,
    });
  });
});

describe('loginWithFlow with a configured provider key', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let jwks: Server;
  let jwksUrl: string;

  beforeAll(async () => {
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const address = jwks.address();
    jwksUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/jwks`;
  });

  afterAll(async () => {
    await new Promise((resolve) => jwks.close(resolve));
  });

  it.each(['FLOW_PUBLIC_KEY', 'FLOW_JWKS_URL'])('verifies with %s and the issuer', async (name) => {
    const issuer = 'https://login.provider.example';
    const value =
      name === 'FLOW_PUBLIC_KEY'
        ? publicKey.export({ type: 'spki', format: 'pem' }).toString()
        : jwksUrl;
    const app = await startTestApp({ env: { [name]: value, FLOW_ISSUER: issuer }, clock: t.clock });
    try {
      const good = await exchange(app, await signed(identity(), { key: privateKey, issuer }));
      expect(good.status).toBe(200);
      const wrongIssuer = await exchange(app, await signed(identity(), { key: privateKey }));
      expect(wrongIssuer.body).toEqual(INVALID);
      // The embedded provider's own tokens no longer pass.
      const embedded = await exchange(app, await tokenFromForm(app, identity()));
      expect(embedded.status).toBe(401);
      expect(embedded.body).toEqual(INVALID);
    } finally {
      await app.close();
    }
  });
});
