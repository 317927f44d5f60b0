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
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

const BAD_CREDENTIALS = { status: 'error', message: Messages.auth.badCredentials };

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

  it('takes about as long for an unknown e-mail as for a wrong password', async () => {
    const dev = await createDeveloper(t);
    const client = await primedClient(t);
    const timed = async (email: string) => {
      const start = performance.now();
      await signIn(client, email, 'Wr0ng!Password');
      return performance.now() - start;
    };
    await timed(uniqueEmail());
    const wrong: number[] = [];
    const unknown: number[] = [];
    // Interleaved, and fewer than 5 wrong passwords, so the account does not lock.
    for (let i = 0; i < 4; i++) {
      wrong.push(await timed(dev.email));
      unknown.push(await timed(uniqueEmail()));
    }
    await t.db.kysely
      .updateTable('developers')
      .set({ failedSignIns: 0 })
      .where('id', '=', dev.id)
      .execute();
    wrong.push(await timed(dev.email));
    unknown.push(await timed(uniqueEmail()));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2] ?? 0;
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it('says "not verified" only after the right password', async () => {
    const dev = await createDeveloper(t, { verified: false });
    const client = await primedClient(t);
    const wrong = await signIn(client, dev.email, 'Wr0ng!Password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(BAD_CREDENTIALS);
    const right = await signIn(client, dev.email, dev.password);
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ status: 'error', message: 'developer is not verified' });
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

    async function failTimes(n: number) {
      const client = await primedClient(t);
      for (let i = 0; i < n; i++) {
        const res = await signIn(client, dev.email, 'Wr0ng!Password');
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
      const locked = await signIn(client, dev.email, dev.password);
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toBe('30');
      expect(locked.body).toEqual({ status: 'error', message: Messages.auth.accountLocked(30) });
      t.clock.advance(20_000);
      const still = await signIn(client, dev.email, dev.password);
      expect(still.headers.get('retry-after')).toBe('10');
      expect(still.body).toEqual({ status: 'error', message: Messages.auth.accountLocked(10) });
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
      for (let failures = 8; failures <= 11; failures++) {
        const row = await developerRow(t, dev.email);
        t.clock.advance((row?.lockedUntil ?? 0) - t.clock.now());
        await failTimes(1);
      }
      const row = await developerRow(t, dev.email);
      expect(row?.failedSignIns).toBe(11);
      expect(row?.lockedUntil).toBe(t.clock.now() + 15 * 60_000);
    });

    it('clears the count on a successful sign-in', async () => {
      const row = await developerRow(t, dev.email);
      t.clock.advance((row?.lockedUntil ?? 0) - t.clock.now());
      const client = await primedClient(t);
      const res = await signIn(client, dev.email, dev.password);
      expect(res.status).toBe(200);
      expect(await developerRow(t, dev.email)).toMatchObject({
        failedSignIns: 0,
        lockedUntil: null,
      });
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
    expect(res.body).toEqual({ status: 'error', message, field });
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
