import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { TwoFactorMessages } from '../../contract/messages-two-factor.js';
import { Messages } from '../../contract/messages.js';
import type {
  RecoveryCodesResponse,
  TotpStartResponse,
  TwoFactorStatus,
} from '../../contract/two-factor.js';
import { createDeveloper, developerRow, primedClient } from '../../../test/support/accounts.js';
import { activityOf } from '../../../test/support/activity.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import {
  enrollTotp,
  passwordStep,
  secondStep,
  signedInClient,
  subjectsTo,
  totpCode,
} from '../../../test/support/two-factor.js';
import { TwoFactorPaths } from '../../contract/two-factor-paths.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

describe(`authenticator app on the account screen (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('starts with a secret, its QR code and otpauth URI, and stores the secret sealed', async () => {
    const dev = await createDeveloper(t);
    const client = await signedInClient(t, dev);

    const res = await client.json<TotpStartResponse>('POST', TwoFactorPaths.totp);

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(res.body.otpauthUri).toContain(`secret=${res.body.secret}`);
    expect(res.body.otpauthUri).toContain(encodeURIComponent(dev.email));
    expect(res.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const row = await t.db.kysely
      .selectFrom('developerTotp')
      .selectAll()
      .where('developerId', '=', dev.id)
      .executeTakeFirstOrThrow();
    expect(row.sealedSecret).not.toContain(res.body.secret);
    expect(row.confirmedAt).toBeNull();
    // Not confirmed yet: the sign-in still answers with the tokens.
    expect((await developerRow(t, dev.email))?.secondFactorAt).toBeNull();
  });

  it('confirms with a code: ten recovery codes shown once, stored hashed, logged and mailed', async () => {
    const dev = await createDeveloper(t);
    const client = await signedInClient(t, dev);
    const { secret } = (await client.json<TotpStartResponse>('POST', TwoFactorPaths.totp)).body;

    const wrong = await client.json('POST', TwoFactorPaths.totpConfirm, {
      json: { code: '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'code_invalid',
      message: TwoFactorMessages.codeWrong,
    });

    const res = await client.json<RecoveryCodesResponse>('POST', TwoFactorPaths.totpConfirm, {
      json: { code: totpCode(secret, t.clock.now()) },
    });

    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TwoFactorMessages.enrolled);
    expect(res.body.recoveryCodes).toHaveLength(10);
    expect(new Set(res.body.recoveryCodes).size).toBe(10);
    for (const code of res.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.db.kysely
      .selectFrom('recoveryCodes')
      .select('codeHash')
      .where('developerId', '=', dev.id)
      .execute();
    expect(stored).toHaveLength(10);
    const hashes = stored.map((row) => row.codeHash).join(' ');
    for (const code of res.body.recoveryCodes) {
      expect(hashes).not.toContain(code.replace('-', ''));
    }
    expect((await developerRow(t, dev.email))?.secondFactorAt).toBe(t.clock.now());
    expect((await activityOf(t, dev.id)).map((e) => e.kind)).toContain('two_factor.enrolled');
    expect(await subjectsTo(t, dev.email)).toContain(
      'An authenticator app was set up on your Acme Trade developer account',
    );
    const status = await client.json<TwoFactorStatus>('GET', TwoFactorPaths.status);
    expect(status.body).toMatchObject({
      policy: 'optional',
      totpEnrolledAt: t.clock.now(),
      recoveryCodesLeft: 10,
    });
    // A second set-up is refused while one is confirmed.
    expect((await client.json('POST', TwoFactorPaths.totp)).status).toBe(409);
  });

  it('removes the app with the password and a code, after which the password alone signs in', async () => {
    const dev = await createDeveloper(t);
    const client = await signedInClient(t, dev);
    const { secret } = await enrollTotp(t, client);

    const noPassword = await client.json('POST', TwoFactorPaths.totpRemove, {
      json: { password: 'Wr0ng!Pass', code: totpCode(secret, t.clock.now()) },
    });
    expect(noPassword.status).toBe(401);
    expect(noPassword.body).toMatchObject({ code: 'password_wrong' });
    const wrongCode = await client.json('POST', TwoFactorPaths.totpRemove, {
      json: { password: dev.password, code: '000000' },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toMatchObject({ code: 'code_invalid' });

    const res = await client.json('POST', TwoFactorPaths.totpRemove, {
      json: { password: dev.password, code: totpCode(secret, t.clock.now()) },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: TwoFactorMessages.removed });
    expect((await developerRow(t, dev.email))?.secondFactorAt).toBeNull();
    const codesLeft = await t.db.kysely
      .selectFrom('recoveryCodes')
      .select('codeHash')
      .where('developerId', '=', dev.id)
      .execute();
    expect(codesLeft).toEqual([]);
    expect((await activityOf(t, dev.id)).map((e) => e.kind)).toContain('two_factor.removed');
    expect(await subjectsTo(t, dev.email)).toContain(
      'The authenticator app was removed from your Acme Trade developer account',
    );
    const again = await (
      await primedClient(t)
    ).json('POST', ApiPaths.signin, {
      json: { email: dev.email, password: dev.password },
    });
    expect(again.body).toMatchObject({ message: Messages.login.success });
  });

  it('removes the app with a recovery code, logging the code used', async () => {
    const dev = await createDeveloper(t);
    const client = await signedInClient(t, dev);
    const { recoveryCodes } = await enrollTotp(t, client);

    const res = await client.json('POST', TwoFactorPaths.totpRemove, {
      json: { password: dev.password, code: recoveryCodes[3] },
    });

    expect(res.status).toBe(200);
    const kinds = (await activityOf(t, dev.id)).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['recovery_code.used', 'two_factor.removed']));
  });

  it('makes new recovery codes with a code: the old ones stop working', async () => {
    const dev = await createDeveloper(t);
    const client = await signedInClient(t, dev);
    const { secret, recoveryCodes } = await enrollTotp(t, client);

    const wrong = await client.json('POST', TwoFactorPaths.recoveryCodes, {
      json: { code: '123456' },
    });
    expect(wrong.status).toBe(400);
    const res = await client.json<RecoveryCodesResponse>('POST', TwoFactorPaths.recoveryCodes, {
      json: { code: totpCode(secret, t.clock.now()) },
    });

    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TwoFactorMessages.regenerated);
    expect(res.body.recoveryCodes).toHaveLength(10);
    expect(res.body.recoveryCodes).not.toContain(recoveryCodes[0]);
    expect((await activityOf(t, dev.id)).map((e) => e.kind)).toContain(
      'recovery_codes.regenerated',
    );
    expect(await subjectsTo(t, dev.email)).toContain(
      'New recovery codes were made for your Acme Trade developer account',
    );
    const browser = await primedClient(t);
    const fresh = await secondStep(
      browser,
      await passwordStep(browser, dev),
      res.body.recoveryCodes[0] ?? '',
    );
    expect(fresh.status).toBe(200);
    const old = await secondStep(browser, await passwordStep(browser, dev), recoveryCodes[0] ?? '');
    expect(old.status).toBe(400);
  });
});

describe('DEVELOPER_2FA=off', () => {
  let off: TestApp;

  beforeAll(async () => {
    off = await startTestApp({ env: { DEVELOPER_2FA: 'off' } });
  });

  afterAll(async () => {
    await off.close();
  });

  it('refuses to set up an authenticator app and says so', async () => {
    const client = await signedInClient(off, await createDeveloper(off));
    const res = await client.json('POST', TwoFactorPaths.totp);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden', message: TwoFactorMessages.disabled });
    const status = await client.json<TwoFactorStatus>('GET', TwoFactorPaths.status);
    expect(status.body.policy).toBe('off');
  });
});
