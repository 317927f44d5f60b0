import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { UserAttributeNames } from '../../contract/auth.js';
import { Messages } from '../../contract/messages.js';
import {
  createDeveloper,
  developerRow,
  primedClient,
  signIn,
  uniqueEmail,
  type TestDeveloper,
} from '../../../test/support/accounts.js';
import { freshAddress, signInFrom } from '../../../test/support/sign-in.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  // One trusted proxy hop: each test names its client addresses in X-Forwarded-For.
  t = await startTestApp({ env: { TRUST_PROXY: '1' } });
});

afterAll(async () => {
  await t.close();
});

const BAD_CREDENTIALS = {
  status: 'error',
  code: 'bad_credentials',
  message: Messages.auth.badCredentials,
};

describe(`POST signin (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('answers the sign-in shape of docs/product.md section 3 with a fresh session', async () => {
    const dev = await createDeveloper(t);
    const client = await primedClient(t);
    const res = await signIn(client, dev.email.toUpperCase(), dev.password);

    expect(res.status).toBe(200);
    const row = await developerRow(t, dev.email);
    expect(res.body).toEqual({
      status: 'success',
      message: Messages.login.success,
      profile: {
        UserAttributes: [
          { Name: 'sub', Value: dev.id },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: row?.name },
          { Name: 'custom:state', Value: row?.state },
          { Name: 'phone_number', Value: row?.mobile },
          { Name: 'email', Value: dev.email },
          { Name: 'custom:client_code', Value: '' },
        ],
      },
      user_status: {
        AuthenticationResult: {
          AccessToken: expect.any(String) as string,
          RefreshToken: expect.any(String) as string,
          ExpiresIn: 900,
          TokenType: 'Bearer',
        },
      },
    });
    expect(res.body.profile.UserAttributes.map((a) => a.Name)).toEqual([...UserAttributeNames]);

    const { AccessToken, RefreshToken } = res.body.user_status.AuthenticationResult;
    expect(decodeProtectedHeader(AccessToken)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(AccessToken);
    const nowSeconds = Math.floor(t.clock.now() / 1000);
    expect(claims).toEqual({
      sub: dev.id,
      iat: nowSeconds,
      exp: nowSeconds + 900,
      jti: expect.any(String) as string,
      iat_ms: t.clock.now(),
      sid: expect.any(String) as string,
    });

    expect(RefreshToken).toMatch(/^[\w-]{43}$/);
    const tokens = await t.db.kysely
      .selectFrom('refreshTokens')
      .select(['tokenHash', 'expiresAt', 'revokedAt', 'familyId'])
      .where('developerId', '=', dev.id)
      .execute();
    expect(tokens).toEqual([
      {
        tokenHash: createHash('sha256').update(RefreshToken).digest('hex'),
        expiresAt: t.clock.now() + 30 * 24 * 60 * 60_000,
        revokedAt: null,
        familyId: claims.sid,
      },
    ]);
  });

  it('starts a separate session family on every sign-in', async () => {
    const dev = await createDeveloper(t);
    const client = await primedClient(t);
    await signIn(client, dev.email, dev.password);
    await signIn(client, dev.email, dev.password);
    const families = await t.db.kysely
      .selectFrom('refreshTokens')
      .select('familyId')
      .where('developerId', '=', dev.id)
      .execute();
    expect(new Set(families.map((f) => f.familyId)).size).toBe(2);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const dev = await createDeveloper(t);
    const client = await primedClient(t);
    const wrong = await signIn(client, dev.email, 'Wr0ng!Password');
    const unknown = await signIn(client, uniqueEmail(), 'Wr0ng!Password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(BAD_CREDENTIALS);
    expect(unknown.body).toEqual(BAD_CREDENTIALS);
    expect([...unknown.headers.keys()].sort()).toEqual([...wrong.headers.keys()].sort());
  });

  it('says "not verified" only after the right password', async () => {
    const dev = await createDeveloper(t, { verified: false });
    const client = await primedClient(t);
    const wrong = await signIn(client, dev.email, 'Wr0ng!Password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(BAD_CREDENTIALS);
    const right = await signIn(client, dev.email, dev.password);
    expect(right.status).toBe(403);
    expect(right.body).toEqual({
      status: 'error',
      code: 'developer_not_verified',
      message: 'developer is not verified',
    });
    const tokens = await t.db.kysely
      .selectFrom('refreshTokens')
      .select('id')
      .where('developerId', '=', dev.id)
      .execute();
    expect(tokens).toEqual([]);
    expect((await developerRow(t, dev.email))?.failedSignIns).toBe(0);
  });

  describe('lockout', () => {
    let dev: TestDeveloper;

    /** `n` wrong passwords, each from an address of its own (the per-address count stays low). */
    async function failTimes(n: number) {
      const client = await primedClient(t);
      for (let i = 0; i < n; i++) {
        const res = await signInFrom(client, freshAddress(), dev.email, 'Wr0ng!Password');
        expect(res.status).toBe(401);
        expect(res.body).toEqual(BAD_CREDENTIALS);
      }
    }

    it('locks for 30 s after 5 failures and refuses even the right password', async () => {
      dev = await createDeveloper(t);
      await failTimes(4);
      expect(await developerRow(t, dev.email)).toMatchObject({
        failedSignIns: 4,
        lockedUntil: null,
      });
      await failTimes(1);
      expect(await developerRow(t, dev.email)).toMatchObject({
        failedSignIns: 5,
        lockedUntil: t.clock.now() + 30_000,
      });

      const client = await primedClient(t);
      const locked = await signInFrom(client, freshAddress(), dev.email, dev.password);
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toBe('30');
      expect(locked.body).toEqual({
        status: 'error',
        code: 'account_locked',
        message: Messages.auth.accountLocked(30),
      });
      t.clock.advance(20_000);
      const still = await signInFrom(client, freshAddress(), dev.email, dev.password);
      expect(still.headers.get('retry-after')).toBe('10');
      expect(still.body).toEqual({
        status: 'error',
        code: 'account_locked',
        message: Messages.auth.accountLocked(10),
      });
    });

    it('doubles the lock with every further failure', async () => {
      t.clock.advance(10_000);
      await failTimes(1);
      expect(await developerRow(t, dev.email)).toMatchObject({
        failedSignIns: 6,
        lockedUntil: t.clock.now() + 60_000,
      });
      t.clock.advance(60_000);
      await failTimes(1);
      expect((await developerRow(t, dev.email))?.lockedUntil).toBe(t.clock.now() + 120_000);
    });

    it('caps the lock at 15 minutes', async () => {
      for (let failures = 8; failures <= 10; failures++) {
        const row = await developerRow(t, dev.email);
        t.clock.advance((row?.lockedUntil ?? 0) - t.clock.now());
        await failTimes(1);
      }
      const row = await developerRow(t, dev.email);
      expect(row?.failedSignIns).toBe(10);
      expect(row?.lockedUntil).toBe(t.clock.now() + 15 * 60_000);
    });

    it('starts the count again after 15 quiet minutes: one guess per lock keeps nothing locked', async () => {
      t.clock.advance(15 * 60_000);
      await failTimes(1);
      expect(await developerRow(t, dev.email)).toMatchObject({
        failedSignIns: 1,
        lockedUntil: null,
      });
      const owner = await primedClient(t);
      expect((await signInFrom(owner, freshAddress(), dev.email, dev.password)).status).toBe(200);
    });

    it('clears the count on a successful sign-in', async () => {
      await failTimes(2);
      const client = await primedClient(t);
      const res = await signInFrom(client, freshAddress(), dev.email, dev.password);
      expect(res.status).toBe(200);
      expect(await developerRow(t, dev.email)).toMatchObject({
        failedSignIns: 0,
        lockedUntil: null,
      });
    });
  });

  describe('per account and client address', () => {
    it('makes one address wait after 3 failures while others still try', async () => {
      const dev = await createDeveloper(t);
      const client = await primedClient(t);
      const guesser = freshAddress();
      for (let i = 0; i < 3; i++) {
        expect((await signInFrom(client, guesser, dev.email, 'Wr0ng!Password')).status).toBe(401);
      }
      const waiting = await signInFrom(client, guesser, dev.email, dev.password);
      expect(waiting.status).toBe(429);
      expect(waiting.headers.get('retry-after')).toBe('30');
      expect(waiting.body).toEqual({
        status: 'error',
        code: 'account_locked',
        message: Messages.auth.accountLocked(30),
      });
      // The account as a whole is not locked: 3 of its 5 failures are spent.
      expect((await developerRow(t, dev.email))?.lockedUntil).toBeNull();
      const owner = await primedClient(t);
      expect((await signInFrom(owner, freshAddress(), dev.email, dev.password)).status).toBe(200);
    });
  });

  describe('trusted devices (OWASP device cookies)', () => {
    async function lockAccount(email: string) {
      const attacker = await primedClient(t);
      for (let i = 0; i < 5; i++) {
        await signInFrom(attacker, freshAddress(), email, 'Wr0ng!Password');
      }
      const stranger = await primedClient(t);
      const dev = await developerRow(t, email);
      expect(dev?.lockedUntil).toBe(t.clock.now() + 30_000);
      return stranger;
    }

    it('sets a signed, HttpOnly, SameSite cookie on sign-in that the owner keeps', async () => {
      const dev = await createDeveloper(t);
      const client = await primedClient(t);
      const res = await signInFrom(client, freshAddress(), dev.email, dev.password);
      const [line] = res.headers.getSetCookie().filter((c) => c.startsWith('portal_device='));
      expect(line).toMatch(
        new RegExp(
          String.raw`^portal_device=${dev.id}\.[\w-]{22}\.[\w-]{43}; Max-Age=15552000; Path=/api/v1/authentication; HttpOnly; SameSite=Strict$`,
        ),
      );
      const cookie = client.cookie('portal_device');
      const again = await signInFrom(client, freshAddress(), dev.email, dev.password);
      expect(again.status).toBe(200);
      expect(client.cookie('portal_device')).toBe(cookie);
    });

    it('lets the owner in from a browser used before while the account is locked to others', async () => {
      const dev = await createDeveloper(t);
      const owner = await primedClient(t);
      expect((await signInFrom(owner, freshAddress(), dev.email, dev.password)).status).toBe(200);
      const stranger = await lockAccount(dev.email);
      expect((await signInFrom(stranger, freshAddress(), dev.email, dev.password)).status).toBe(
        429,
      );
      const res = await signInFrom(owner, freshAddress(), dev.email, dev.password);
      expect(res.status).toBe(200);
      // Its success does not unlock the account for untrusted clients.
      expect((await signInFrom(stranger, freshAddress(), dev.email, dev.password)).status).toBe(
        429,
      );
    });

    it('gives each trusted device its own budget of 5 failures', async () => {
      const dev = await createDeveloper(t);
      const first = await primedClient(t);
      const second = await primedClient(t);
      for (const browser of [first, second]) {
        expect((await signInFrom(browser, freshAddress(), dev.email, dev.password)).status).toBe(
          200,
        );
      }
      for (let i = 0; i < 5; i++) {
        const res = await signInFrom(first, freshAddress(), dev.email, 'Wr0ng!Password');
        expect(res.status).toBe(401);
      }
      const locked = await signInFrom(first, freshAddress(), dev.email, dev.password);
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toBe('30');
      expect((await signInFrom(second, freshAddress(), dev.email, dev.password)).status).toBe(200);
      // The device's failures were not the account's: a new browser still gets in.
      const fresh = await primedClient(t);
      expect((await signInFrom(fresh, freshAddress(), dev.email, dev.password)).status).toBe(200);
    });

    it('does not trust a cookie of another developer or a forged one', async () => {
      const dev = await createDeveloper(t);
      const other = await createDeveloper(t);
      const browser = await primedClient(t);
      expect((await signInFrom(browser, freshAddress(), other.email, other.password)).status).toBe(
        200,
      );
      const stranger = await lockAccount(dev.email);
      expect((await signInFrom(browser, freshAddress(), dev.email, dev.password)).status).toBe(429);
      const cookie = browser.cookie('portal_device') ?? '';
      stranger.setCookie('portal_device', cookie.replace(other.id, dev.id));
      expect((await signInFrom(stranger, freshAddress(), dev.email, dev.password)).status).toBe(
        429,
      );
    });
  });

  it('gives 50 parallel wrong passwords from 50 addresses at most 5 password checks', async () => {
    const dev = await createDeveloper(t);
    const client = await primedClient(t);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        signInFrom(client, freshAddress(), dev.email, 'Wr0ng!Password'),
      ),
    );
    const checked = answers.filter((res) => res.status === 401);
    const refused = answers.filter((res) => res.status === 429);
    // Exactly the account's 5: the addresses were told apart, and no guess got past the count.
    expect(checked).toHaveLength(5);
    expect(checked.length + refused.length).toBe(50);
    for (const res of refused) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body).toMatchObject({ status: 'error' });
    }
  });

  describe('sign-in from a new device', () => {
    async function securityMails(email: string) {
      await t.drainJobs();
      return t.db.kysely
        .selectFrom('mailboxMessages')
        .select(['subject', 'textBody', 'htmlBody'])
        .where('toAddress', '=', email)
        .where('subject', 'like', 'New sign-in%')
        .execute();
    }

    it('mails the developer when, from where and with what, linking the sessions list', async () => {
      const dev = await createDeveloper(t);
      const browser = await primedClient(t);
      const agent = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
      const res = await signInFrom(browser, '203.0.113.7', dev.email, dev.password, {
        'user-agent': agent,
      });
      expect(res.status).toBe(200);
      const mails = await securityMails(dev.email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toBe('New sign-in to your Acme Trade developer account');
      expect(mail?.textBody).toContain(`When: ${new Date(t.clock.now()).toUTCString()}`);
      expect(mail?.textBody).toContain('IP address: 203.0.113.7');
      expect(mail?.textBody).toContain('Browser: Firefox on Linux');
      expect(mail?.textBody).toContain(`${t.config.publicUrl}/account#sessions`);
      expect(mail?.htmlBody).toContain(`href="${t.config.publicUrl}/account#sessions"`);
    });

    it('sends nothing when the browser has signed in to this account before', async () => {
      const dev = await createDeveloper(t);
      const browser = await primedClient(t);
      await signInFrom(browser, freshAddress(), dev.email, dev.password);
      await signInFrom(browser, freshAddress(), dev.email, dev.password);
      expect(await securityMails(dev.email)).toHaveLength(1);
      const other = await primedClient(t);
      await signInFrom(other, freshAddress(), dev.email, dev.password);
      expect(await securityMails(dev.email)).toHaveLength(2);
    });

    it('sends nothing for a wrong password or an unverified account', async () => {
      const dev = await createDeveloper(t, { verified: false });
      const browser = await primedClient(t);
      expect((await signInFrom(browser, freshAddress(), dev.email, 'Wr0ng!Pass1')).status).toBe(
        401,
      );
      expect((await signInFrom(browser, freshAddress(), dev.email, dev.password)).status).toBe(403);
      expect(await securityMails(dev.email)).toEqual([]);
    });
  });

  it('does not lock or count anything for unknown e-mails', async () => {
    const client = await primedClient(t);
    const email = uniqueEmail();
    for (let i = 0; i < 7; i++) {
      const res = await signIn(client, email, 'Wr0ng!Password');
      expect(res.status).toBe(401);
    }
    expect(await developerRow(t, email)).toBeUndefined();
  });

  it.each([
    [{ email: 'a@example.com' }, Messages.login.passwordRequired, 'password'],
    [{ email: 'a@example.com', password: '' }, Messages.login.passwordRequired, 'password'],
    [{ password: 'x' }, Messages.signup.emailRequired, 'email'],
    [{ email: 'bad', password: 'x' }, Messages.signup.emailInvalid, 'email'],
    [{ email: 'a@example.com', password: 12345 }, Messages.login.passwordRequired, 'password'],
  ])('answers 400 for %o', async (json, message, field) => {
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.signin, { json });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', code: 'bad_request', message, field });
  });

  it('answers 400 for an oversized password or an extra field, counting no failure', async () => {
    const dev = await createDeveloper(t);
    const client = await primedClient(t);
    const long = await client.json('POST', ApiPaths.signin, {
      json: { email: dev.email, password: 'x'.repeat(257) },
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ status: 'error', field: 'password' });
    const extra = await client.json('POST', ApiPaths.signin, {
      json: { email: dev.email, password: dev.password, remember: true },
    });
    expect(extra.status).toBe(400);
    expect((await developerRow(t, dev.email))?.failedSignIns).toBe(0);
  });

  it('answers 415 for a form body', async () => {
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.signin, {
      body: 'email=a%40example.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ status: 'error' });
  });
});
