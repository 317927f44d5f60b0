import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import {
  codesOf,
  developerRow,
  primedClient,
  signUpRecorded,
  uniqueEmail,
  wrongCode,
  wrongCodes,
} from '../../../test/support/accounts.js';
import { RecordingMailer } from '../../../test/support/recording-mailer.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
const mailer = new RecordingMailer();

beforeAll(async () => {
  t = await startTestApp({ mailer });
});

afterAll(async () => {
  await t.close();
});

describe(`POST confirm (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('verifies the developer and uses the code in the same step', async () => {
    const dev = await signUpRecorded(t, mailer);
    const { client } = dev;
    t.clock.advance(60_000);
    const res = await client.json('POST', ApiPaths.confirm, {
      json: { email: dev.email.toUpperCase(), code: dev.code },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: Messages.otp.verified });
    expect((await developerRow(t, dev.email))?.verifiedAt).toBe(t.clock.now());
    const [code] = await codesOf(t, dev.id, 'verify');
    expect(code).toMatchObject({ consumedAt: t.clock.now(), attempts: 1 });
  });

  it('refuses a reused code', async () => {
    const dev = await signUpRecorded(t, mailer);
    const { client } = dev;
    const json = { email: dev.email, code: dev.code };
    expect((await client.json('POST', ApiPaths.confirm, { json })).status).toBe(200);
    const again = await client.json('POST', ApiPaths.confirm, { json });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      status: 'error',
      code: 'code_invalid',
      message: Messages.auth.codeInvalid,
    });
  });

  it('answers a wrong code and an unknown e-mail alike, counting the wrong try', async () => {
    const dev = await signUpRecorded(t, mailer);
    const { client } = dev;
    const wrong = await client.json('POST', ApiPaths.confirm, {
      json: { email: dev.email, code: wrongCode(dev.code) },
    });
    const unknown = await client.json('POST', ApiPaths.confirm, {
      json: { email: uniqueEmail(), code: dev.code },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      status: 'error',
      code: 'code_invalid',
      message: Messages.auth.codeInvalid,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
    expect((await codesOf(t, dev.id, 'verify'))[0]?.attempts).toBe(1);
    expect((await developerRow(t, dev.email))?.verifiedAt).toBeNull();
  });

  it('accepts a code until its 10 minutes are over, then answers expired', async () => {
    const early = await signUpRecorded(t, mailer);
    const late = await signUpRecorded(t, mailer);
    const { client } = early;
    t.clock.advance(10 * 60_000 - 1);
    const inTime = await client.json('POST', ApiPaths.confirm, {
      json: { email: early.email, code: early.code },
    });
    expect(inTime.status).toBe(200);
    t.clock.advance(1);
    const expired = await client.json('POST', ApiPaths.confirm, {
      json: { email: late.email, code: late.code },
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({
      status: 'error',
      code: 'code_expired',
      message: Messages.auth.codeExpired,
    });
    expect((await developerRow(t, late.email))?.verifiedAt).toBeNull();
  });

  it('refuses a superseded code and accepts the new one', async () => {
    const dev = await signUpRecorded(t, mailer);
    const { client } = dev;
    t.clock.advance(60_000);
    const resend = await client.json('POST', ApiPaths.sendConfirmation, {
      json: { email: dev.email },
    });
    expect(resend.status).toBe(200);
    await t.drainJobs();
    const fresh = mailer.lastCode(dev.email);
    const codes = await codesOf(t, dev.id, 'verify');
    expect(codes.map((c) => c.supersededAt)).toEqual([t.clock.now(), null]);

    const old = await client.json('POST', ApiPaths.confirm, {
      json: { email: dev.email, code: dev.code },
    });
    expect(old.status).toBe(400);
    expect(old.body).toEqual({
      status: 'error',
      code: 'code_invalid',
      message: Messages.auth.codeInvalid,
    });
    const res = await client.json('POST', ApiPaths.confirm, {
      json: { email: dev.email, code: fresh },
    });
    expect(res.status).toBe(200);
  });

  it('allows 5 wrong tries, then refuses even the right code', async () => {
    const dev = await signUpRecorded(t, mailer);
    const { client } = dev;
    for (let i = 0; i < 5; i++) {
      const res = await client.json('POST', ApiPaths.confirm, {
        json: { email: dev.email, code: wrongCode(dev.code) },
      });
      expect(res.body).toEqual({
        status: 'error',
        code: 'code_invalid',
        message: Messages.auth.codeInvalid,
      });
    }
    const right = await client.json('POST', ApiPaths.confirm, {
      json: { email: dev.email, code: dev.code },
    });
    expect(right.status).toBe(400);
    expect(right.body).toEqual({
      status: 'error',
      code: 'code_attempts_exhausted',
      message: Messages.auth.codeAttemptsExhausted,
    });
    expect((await codesOf(t, dev.id, 'verify'))[0]).toMatchObject({
      attempts: 5,
      consumedAt: null,
    });
    expect((await developerRow(t, dev.email))?.verifiedAt).toBeNull();
  });

  it('starts a new code with fresh tries: guesses at the old one do not spend it', async () => {
    const dev = await signUpRecorded(t, mailer);
    const { client } = dev;
    for (let i = 0; i < 5; i++) {
      await client.json('POST', ApiPaths.confirm, {
        json: { email: dev.email, code: wrongCode(dev.code) },
      });
    }
    t.clock.advance(60_000);
    await client.json('POST', ApiPaths.sendConfirmation, { json: { email: dev.email } });
    await t.drainJobs();
    const fresh = mailer.lastCode(dev.email);
    expect((await codesOf(t, dev.id, 'verify'))[1]?.attempts).toBe(0);
    for (let i = 0; i < 4; i++) {
      await client.json('POST', ApiPaths.confirm, {
        json: { email: dev.email, code: wrongCode(fresh) },
      });
    }
    const right = await client.json('POST', ApiPaths.confirm, {
      json: { email: dev.email, code: fresh },
    });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ status: 'success', message: Messages.otp.verified });
  });

  it('lets at most 5 of 50 parallel wrong codes be checked', async () => {
    const dev = await signUpRecorded(t, mailer);
    const { client } = dev;
    const results = await Promise.all(
      wrongCodes(50, dev.code).map((code) =>
        client.json('POST', ApiPaths.confirm, { json: { email: dev.email, code } }),
      ),
    );
    const messages = results.map((r) => r.body.message);
    expect(results.every((r) => r.status === 400)).toBe(true);
    expect(messages.filter((m) => m === Messages.auth.codeInvalid).length).toBeLessThanOrEqual(5);
    expect(
      messages.filter((m) => m === Messages.auth.codeAttemptsExhausted).length,
    ).toBeGreaterThanOrEqual(45);
    const [code] = await codesOf(t, dev.id, 'verify');
    expect(code?.attempts).toBe(5);
    const right = await client.json('POST', ApiPaths.confirm, {
      json: { email: dev.email, code: dev.code },
    });
    expect(right.body).toEqual({
      status: 'error',
      code: 'code_attempts_exhausted',
      message: Messages.auth.codeAttemptsExhausted,
    });
    expect((await developerRow(t, dev.email))?.verifiedAt).toBeNull();
  });

  it('does not accept a password-reset code', async () => {
    const dev = await signUpRecorded(t, mailer);
    const { client } = dev;
    await client.json('POST', ApiPaths.forgotPassword, { json: { email: dev.email } });
    await t.drainJobs();
    const resetCode = mailer.lastCode(dev.email);
    const res = await client.json('POST', ApiPaths.confirm, {
      json: { email: dev.email, code: resetCode },
    });
    expect(res.body).toEqual({
      status: 'error',
      code: 'code_invalid',
      message: Messages.auth.codeInvalid,
    });
    expect((await codesOf(t, dev.id, 'reset'))[0]?.consumedAt).toBeNull();
  });

  it.each([
    [{ code: '123456' }, Messages.signup.emailRequired, 'email'],
    [{ email: 'a@example.com' }, Messages.resetPassword.codeRequired, 'code'],
    [{ email: 'a@example.com', code: '12345' }, Messages.resetPassword.codeFormat, 'code'],
    [{ email: 'a@example.com', code: '12345a' }, Messages.resetPassword.codeFormat, 'code'],
    [{ email: 'a@example.com', code: 123456 }, Messages.resetPassword.codeRequired, 'code'],
    [{ email: 'a@example.com', code: '1234567' }, Messages.resetPassword.codeFormat, 'code'],
  ])('answers 400 for %o', async (json, message, field) => {
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.confirm, { json });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', code: 'bad_request', message, field });
  });

  it('answers 400 for an extra field without counting a try', async () => {
    const dev = await signUpRecorded(t, mailer);
    const { client } = dev;
    const res = await client.json('POST', ApiPaths.confirm, {
      json: { email: dev.email, code: dev.code, verified: true },
    });
    expect(res.status).toBe(400);
    expect((await codesOf(t, dev.id, 'verify'))[0]?.attempts).toBe(0);
  });
});
