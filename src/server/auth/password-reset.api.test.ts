import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import {
  codesOf,
  createDeveloper,
  developerRow,
  mailedCode,
  primedClient,
  signIn,
  uniqueEmail,
  wrongCode,
} from '../../../test/support/accounts.js';
import { HttpClient } from '../../../test/support/http-client.js';
import {
  forgot,
  NEW_PASSWORD,
  resetPassword,
  withResetCode,
} from '../../../test/support/password-reset.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { addWhoamiProbe, WHOAMI_PATH } from '../../../test/support/whoami-probe.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ extend: addWhoamiProbe });
});

afterAll(async () => {
  await t.close();
});

describe(`POST forgotPassword/confirm (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('sets the new password, uses the code and ends every session', async () => {
    const dev = await withResetCode(t);
    const session = await signIn(await primedClient(t), dev.email, dev.password);
    const { AccessToken, RefreshToken } = session.body.user_status.AuthenticationResult;
    const probe = new HttpClient(t.baseUrl);
    probe.bearer = AccessToken;
    expect((await probe.json('GET', WHOAMI_PATH)).status).toBe(200);
    t.clock.advance(1000);

    const res = await resetPassword(t, dev.email, dev.code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: Messages.resetPassword.success });

    const row = await developerRow(t, dev.email);
    expect(row?.tokensValidAfter).toBe(t.clock.now());
    expect(await verify(row?.passwordHash ?? '', NEW_PASSWORD)).toBe(true);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await codesOf(t, dev.id, 'reset'))[0]?.consumedAt).toBe(t.clock.now());
    const live = await t.db.kysely
      .selectFrom('refreshTokens')
      .select('id')
      .where('developerId', '=', dev.id)
      .where('revokedAt', 'is', null)
      .execute();
    expect(live).toEqual([]);

    const refused = await probe.json('GET', WHOAMI_PATH);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      status: 'error',
      code: 'unauthorized',
      message: Messages.session.unauthorized,
    });
    const client = await primedClient(t);
    const refreshed = await client.json('POST', ApiPaths.refresh, {
      json: { refresh_token: RefreshToken, id: dev.id },
    });
    expect(refreshed.status).toBe(401);
    expect((await signIn(client, dev.email, dev.password)).status).toBe(401);
    const fresh = await signIn(client, dev.email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    probe.bearer = fresh.body.user_status.AuthenticationResult.AccessToken;
    expect((await probe.json('GET', WHOAMI_PATH)).body).toEqual({ id: dev.id });
  });

  it('refuses a reused code', async () => {
    const dev = await withResetCode(t);
    expect((await resetPassword(t, dev.email, dev.code)).status).toBe(200);
    const again = await resetPassword(t, dev.email, dev.code, 'An0ther!Pass');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      status: 'error',
      code: 'code_invalid',
      message: Messages.auth.codeInvalid,
    });
    expect(await verify((await developerRow(t, dev.email))?.passwordHash ?? '', NEW_PASSWORD)).toBe(
      true,
    );
  });

  it('keeps the password on a wrong, superseded or expired code', async () => {
    const dev = await withResetCode(t);
    const before = (await developerRow(t, dev.email))?.passwordHash;
    expect((await resetPassword(t, dev.email, wrongCode(dev.code))).body).toEqual({
      status: 'error',
      code: 'code_invalid',
      message: Messages.auth.codeInvalid,
    });
    t.clock.advance(60_000);
    await forgot(t, dev.email);
    const fresh = await mailedCode(t, dev.email);
    expect((await resetPassword(t, dev.email, dev.code)).body).toEqual({
      status: 'error',
      code: 'code_invalid',
      message: Messages.auth.codeInvalid,
    });
    t.clock.advance(10 * 60_000);
    expect((await resetPassword(t, dev.email, fresh)).body).toEqual({
      status: 'error',
      code: 'code_expired',
      message: Messages.auth.codeExpired,
    });
    expect((await developerRow(t, dev.email))?.passwordHash).toBe(before);
  });

  it('marks an unverified developer verified: the mailbox is proven', async () => {
    const dev = await createDeveloper(t, { verified: false });
    t.clock.advance(60_000);
    await forgot(t, dev.email);
    const res = await resetPassword(t, dev.email, await mailedCode(t, dev.email));
    expect(res.status).toBe(200);
    expect((await developerRow(t, dev.email))?.verifiedAt).toBe(t.clock.now());
    expect((await signIn(await primedClient(t), dev.email, NEW_PASSWORD)).status).toBe(200);
  });

  it.each([
    ['a weak password', { password: 'short1!' }, Messages.signup.passwordPolicy, 'password'],
    [
      'a password of 17',
      { password: 'Abcdefgh1!abcdefg' },
      Messages.signup.passwordPolicy,
      'password',
    ],
    ['a missing password', { password: undefined }, Messages.signup.passwordPolicy, 'password'],
    ['a missing code', { code: undefined }, Messages.resetPassword.codeRequired, 'code'],
  ])('answers 400 for %s and leaves the code untouched', async (_case, change, message, field) => {
    const dev = await withResetCode(t);
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.forgotPasswordConfirm, {
      json: { email: dev.email, code: dev.code, password: NEW_PASSWORD, ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', code: 'bad_request', message, field });
    expect((await codesOf(t, dev.id, 'reset'))[0]).toMatchObject({ attempts: 0, consumedAt: null });
  });

  it('answers an unknown e-mail like a wrong code', async () => {
    const res = await resetPassword(t, uniqueEmail(), '123456');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 'error',
      code: 'code_invalid',
      message: Messages.auth.codeInvalid,
    });
  });
});
