import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { TwoFactorMessages } from '../../contract/messages-two-factor.js';
import { Messages } from '../../contract/messages.js';
import type { SignInChallenge } from '../../contract/two-factor.js';
import { createDeveloper, primedClient, signIn } from '../../../test/support/accounts.js';
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
import { PasskeyPaths } from '../../contract/passkey-paths.js';
import { addPasskey } from '../../../test/support/passkeys.js';
import { TwoFactorPaths } from '../../contract/two-factor-paths.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

async function enrolledDeveloper() {
  const dev = await createDeveloper(t);
  const enrolled = await enrollTotp(t, await signedInClient(t, dev));
  return { dev, ...enrolled };
}

describe(`sign-in with a second factor (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('answers the right password with a challenge instead of tokens, then signs in with a code', async () => {
    const { dev, secret } = await enrolledDeveloper();
    const browser = await primedClient(t);

    const first = await browser.json<SignInChallenge>('POST', ApiPaths.signin, {
      json: { email: dev.email, password: dev.password },
    });

    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      status: 'success',
      message: TwoFactorMessages.secondFactorNeeded,
      user_status: { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: expect.any(String) as string },
    });
    expect(first.headers.get('cache-control')).toContain('no-store');
    const res = await secondStep(
      browser,
      first.body.user_status.Session,
      totpCode(secret, t.clock.now()),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(Messages.login.success);
    expect(res.body.user_status.AuthenticationResult.TokenType).toBe('Bearer');
    browser.bearer = res.body.user_status.AuthenticationResult.AccessToken;
    expect((await browser.json('GET', ApiPaths.apps)).status).toBe(200);
    const signIns = (await activityOf(t, dev.id)).filter((e) => e.kind === 'sign_in.succeeded');
    expect(signIns.at(-1)?.details).toEqual({ method: 'totp' });
  });

  it('takes each authenticator code once', async () => {
    const { dev, secret } = await enrolledDeveloper();
    const browser = await primedClient(t);
    const code = totpCode(secret, t.clock.now());
    expect((await secondStep(browser, await passwordStep(browser, dev), code)).status).toBe(200);

    const again = await secondStep(browser, await passwordStep(browser, dev), code);

    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'code_invalid' });
  });

  it('signs in with a recovery code once and not twice, logging and mailing its use', async () => {
    const { dev, recoveryCodes } = await enrolledDeveloper();
    const browser = await primedClient(t);
    const code = (recoveryCodes[0] ?? '').toUpperCase();

    const res = await secondStep(browser, await passwordStep(browser, dev), code);

    expect(res.status).toBe(200);
    const used = (await activityOf(t, dev.id)).find((e) => e.kind === 'recovery_code.used');
    expect(used?.details).toEqual({ left: 9 });
    expect(await subjectsTo(t, dev.email)).toContain(
      'A recovery code was used on your Acme Trade developer account',
    );
    const again = await secondStep(browser, await passwordStep(browser, dev), code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'code_invalid' });
  });

  it('counts wrong codes like wrong passwords: locked, the right code is refused too', async () => {
    const { dev, secret } = await enrolledDeveloper();
    const browser = await primedClient(t);
    const session = await passwordStep(browser, dev);
    const statuses: number[] = [];
    for (const code of ['111111', '222222', '333333', '444444']) {
      statuses.push((await secondStep(browser, session, code)).status);
    }

    const locked = await secondStep(browser, session, totpCode(secret, t.clock.now()));

    // The password step took one try of the address's three free ones, each code one more.
    expect(statuses).toEqual([400, 400, 429, 429]);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'account_locked' });
    const failures = (await activityOf(t, dev.id)).filter((e) => e.kind === 'sign_in.failed');
    // One time for all: the rows come in no order of their own.
    const reasons = failures.map((e) => (e.details as { reason: string }).reason).sort();
    expect(reasons).toEqual(['bad_code', 'bad_code', 'locked', 'locked', 'locked']);
  });

  it('refuses a challenge older than five minutes, or of a password changed since', async () => {
    const { dev, secret } = await enrolledDeveloper();
    const browser = await primedClient(t);
    const session = await passwordStep(browser, dev);
    t.clock.advance(5 * 60_000);

    const late = await secondStep(browser, session, totpCode(secret, t.clock.now()));

    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({
      code: 'second_factor_challenge_expired',
      message: TwoFactorMessages.challengeExpired,
    });
    const forged = await secondStep(browser, `${session.split('.')[0] ?? ''}.forged`, '123456');
    expect(forged.status).toBe(401);
  });

  it('keeps the spec answer for a developer without a factor', async () => {
    const dev = await createDeveloper(t);
    const res = await signIn(await primedClient(t), dev.email, dev.password);
    expect(res.status).toBe(200);
    expect(res.body.user_status).toEqual({
      AuthenticationResult: expect.objectContaining({ TokenType: 'Bearer' }) as object,
    });
  });
});

describe('DEVELOPER_2FA=required', () => {
  let req: TestApp;

  beforeAll(async () => {
    req = await startTestApp({ env: { DEVELOPER_2FA: 'required' } });
  });

  afterAll(async () => {
    await req.close();
  });

  it('signs in a developer without a factor to set one up, refusing every other call until done', async () => {
    const dev = await createDeveloper(req);
    const browser = await primedClient(req);
    const res = await signIn(browser, dev.email, dev.password);
    expect(res.status).toBe(200);
    expect(res.body.user_status.ChallengeName).toBe('MFA_SETUP');
    browser.bearer = res.body.user_status.AuthenticationResult.AccessToken;

    const apps = await browser.json('GET', ApiPaths.apps);
    expect(apps.status).toBe(403);
    expect(apps.body).toEqual({
      status: 'error',
      code: 'second_factor_required',
      message: TwoFactorMessages.enrollmentNeeded,
    });
    expect((await browser.json('GET', ApiPaths.sessions)).status).toBe(403);
    expect((await browser.json('GET', TwoFactorPaths.status)).status).toBe(200);

    // The set-up begins after the password asked again (docs/decisions/068-step-up.md).
    browser.stepUpProof = { password: dev.password };
    await enrollTotp(req, browser);

    expect((await browser.json('GET', ApiPaths.apps)).status).toBe(200);
  });

  it('lets the developer set up a passkey instead, once the password is asked again', async () => {
    const dev = await createDeveloper(req);
    const browser = await primedClient(req);
    const res = await signIn(browser, dev.email, dev.password);
    browser.bearer = res.body.user_status.AuthenticationResult.AccessToken;

    const refused = await browser.json('POST', PasskeyPaths.registerOptions);
    expect(refused.body).toMatchObject({ code: 'step_up_required', stepUpWith: 'password' });
    await browser.stepUp({ password: dev.password });
    const { res: added } = await addPasskey(req, browser);

    expect(added.status).toBe(200);
    expect(added.body.recoveryCodes).toHaveLength(10);
    expect((await browser.json('GET', ApiPaths.apps)).status).toBe(200);
  });
});
