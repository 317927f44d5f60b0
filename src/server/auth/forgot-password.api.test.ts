import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import {
  codesOf,
  createDeveloper,
  mailedCode,
  primedClient,
  uniqueEmail,
  wrongCode,
} from '../../../test/support/accounts.js';
import {
  checkResetCode,
  forgot,
  resetPassword,
  withResetCode,
} from '../../../test/support/password-reset.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

async function mailCount(email?: string) {
  let query = t.db.kysely.selectFrom('mailboxMessages').select('id');
  if (email !== undefined) query = query.where('toAddress', '=', email);
  return (await query.execute()).length;
}

const SENT = { status: 'success', message: Messages.auth.codeSent };

describe(`POST forgotPassword (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('mails a reset code to a known address', async () => {
    const dev = await createDeveloper(t);
    const res = await forgot(t, dev.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SENT);
    const codes = await codesOf(t, dev.id, 'reset');
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ attempts: 0, expiresAt: t.clock.now() + 10 * 60_000 });
    const message = await t.db.kysely
      .selectFrom('mailboxMessages')
      .select(['subject', 'textBody'])
      .where('toAddress', '=', dev.email)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(message.subject).toMatch(/^\d{6} is your Acme Trade password reset code$/);
  });

  it('answers an unknown address the same and sends nothing', async () => {
    const before = await mailCount();
    const res = await forgot(t, uniqueEmail());
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SENT);
    expect(await mailCount()).toBe(before);
  });

  it.each([
    ['a known', true],
    ['an unknown', false],
  ])(
    'answers %s address alike: 429 with the wait within 60 s and past 5 an hour',
    async (_kind, isKnown) => {
      const email = isKnown ? (await createDeveloper(t)).email : uniqueEmail();
      t.clock.advance(60_000);
      expect((await forgot(t, email)).body).toEqual(SENT);
      t.clock.advance(20_000);
      const soon = await forgot(t, email);
      expect(soon.status).toBe(429);
      expect(soon.headers.get('retry-after')).toBe('40');
      expect(soon.body).toEqual({
        status: 'error',
        code: 'code_resend_too_soon',
        message: Messages.auth.resendTooSoon(40),
      });
      t.clock.advance(40_000);
      for (let i = 0; i < 4; i++) {
        expect((await forgot(t, email)).status).toBe(200);
        t.clock.advance(60_000);
      }
      const mails = await mailCount(email);
      expect(mails).toBe(isKnown ? 6 : 0);
      const limited = await forgot(t, email);
      expect(limited.status).toBe(429);
      // The hour began with the first request, 5 minutes ago.
      expect(limited.headers.get('retry-after')).toBe(String(55 * 60));
      expect(limited.body).toEqual({
        status: 'error',
        code: 'code_send_limit',
        message: Messages.auth.sendLimitReached(55 * 60),
      });
      expect(await mailCount(email)).toBe(mails);
      t.clock.advance(55 * 60_000);
      expect((await forgot(t, email)).status).toBe(200);
      expect(await mailCount(email)).toBe(isKnown ? mails + 1 : 0);
    },
  );

  it('starts a new code with fresh tries, so guesses cannot keep the reset dead', async () => {
    const dev = await withResetCode(t);
    for (let i = 0; i < 5; i++) await checkResetCode(t, dev.email, wrongCode(dev.code));
    expect((await resetPassword(t, dev.email, dev.code)).body).toEqual({
      status: 'error',
      code: 'code_attempts_exhausted',
      message: Messages.auth.codeAttemptsExhausted,
    });
    t.clock.advance(60_000);
    expect((await forgot(t, dev.email)).status).toBe(200);
    const fresh = await mailedCode(t, dev.email);
    expect((await codesOf(t, dev.id, 'reset')).at(-1)?.attempts).toBe(0);
    const res = await resetPassword(t, dev.email, fresh);
    expect(res.status).toBe(200);
  });

  it('keeps no typed address once its requests are handled, known or not', async () => {
    const dev = await createDeveloper(t);
    const client = await primedClient(t);
    const mailsBefore = await mailCount(dev.email);
    for (const email of [dev.email, uniqueEmail()]) {
      const res = await client.json('POST', ApiPaths.forgotPassword, { json: { email } });
      expect(res.body).toEqual(SENT);
    }
    await t.drainJobs();
    expect(await mailCount(dev.email)).toBe(mailsBefore + 1);
    const requests = await t.db.kysely
      .selectFrom('jobs')
      .select(['payload', 'doneAt'])
      .where('kind', '=', 'auth.reset-code')
      .execute();
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.every((job) => job.payload === null && job.doneAt !== null)).toBe(true);
  });

  it('answers 400 for a bad e-mail or an extra field', async () => {
    const client = await primedClient(t);
    const bad = await client.json('POST', ApiPaths.forgotPassword, { json: { email: 'x@' } });
    expect(bad.body).toEqual({
      status: 'error',
      code: 'bad_request',
      message: Messages.signup.emailInvalid,
      field: 'email',
    });
    const extra = await client.json('POST', ApiPaths.forgotPassword, {
      json: { email: 'a@example.com', resend: true },
    });
    expect(extra.status).toBe(400);
  });
});

describe(`POST forgotPassword/verify (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('confirms the right code without using it or spending a try', async () => {
    const dev = await withResetCode(t);
    const res = await checkResetCode(t, dev.email, dev.code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: Messages.auth.codeValid, valid: true });
    expect((await codesOf(t, dev.id, 'reset'))[0]).toMatchObject({ attempts: 0, consumedAt: null });
    expect((await checkResetCode(t, dev.email, dev.code)).status).toBe(200);
  });

  it('answers a wrong code with valid false and counts the try', async () => {
    const dev = await withResetCode(t);
    const res = await checkResetCode(t, dev.email, wrongCode(dev.code));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 'error',
      code: 'code_invalid',
      message: 'Invalid code.',
      valid: false,
    });
    expect((await codesOf(t, dev.id, 'reset'))[0]?.attempts).toBe(1);
  });

  it('answers an unknown e-mail like a wrong code', async () => {
    const res = await checkResetCode(t, uniqueEmail(), '123456');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 'error',
      code: 'code_invalid',
      message: 'Invalid code.',
      valid: false,
    });
  });

  it('shares the 5 tries with the reset itself', async () => {
    const dev = await withResetCode(t);
    for (let i = 0; i < 5; i++) await checkResetCode(t, dev.email, wrongCode(dev.code));
    const res = await checkResetCode(t, dev.email, dev.code);
    expect(res.body).toEqual({
      status: 'error',
      code: 'code_attempts_exhausted',
      message: Messages.auth.codeAttemptsExhausted,
      valid: false,
    });
    const resetRes = await resetPassword(t, dev.email, dev.code);
    expect(resetRes.body).toEqual({
      status: 'error',
      code: 'code_attempts_exhausted',
      message: Messages.auth.codeAttemptsExhausted,
    });
  });

  it('answers an expired code with valid false', async () => {
    const dev = await withResetCode(t);
    t.clock.advance(10 * 60_000);
    const res = await checkResetCode(t, dev.email, dev.code);
    expect(res.body).toEqual({
      status: 'error',
      code: 'code_expired',
      message: Messages.auth.codeExpired,
      valid: false,
    });
  });

  it('does not accept a verification code', async () => {
    const client = await primedClient(t);
    const email = uniqueEmail();
    await client.json('POST', ApiPaths.signup, {
      json: { email, name: 'Dev', mobile: '+919876543210', state: 'Goa', password: 'Str0ng!Pass' },
    });
    const res = await checkResetCode(t, email, await mailedCode(t, email));
    expect(res.body).toEqual({
      status: 'error',
      code: 'code_invalid',
      message: 'Invalid code.',
      valid: false,
    });
  });

  it('answers malformed input with the failing field', async () => {
    const res = await checkResetCode(t, 'a@example.com', '12ab56');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 'error',
      code: 'bad_request',
      message: Messages.resetPassword.codeFormat,
      field: 'code',
    });
  });
});
