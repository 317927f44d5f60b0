import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import {
  codesOf,
  primedClient,
  signUpRecorded,
  uniqueEmail,
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

describe(`POST sendConfirmation (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('mails a new code to an unverified developer, 60 s after the last one', async () => {
    const dev = await signUpRecorded(t, mailer);
    const { client } = dev;
    t.clock.advance(60_000);
    const res = await client.json('POST', ApiPaths.sendConfirmation, {
      json: { email: dev.email },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: Messages.otp.sent,
      user_status: 'UNCONFIRMED',
    });
    await t.drainJobs();
    expect(mailer.to(dev.email)).toHaveLength(2);
    expect(await codesOf(t, dev.id, 'verify')).toHaveLength(2);
  });

  it('answers an unknown e-mail the same and sends nothing', async () => {
    const client = await primedClient(t);
    const mailCount = mailer.sent.length;
    const res = await client.json('POST', ApiPaths.sendConfirmation, {
      json: { email: uniqueEmail() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: Messages.otp.sent,
      user_status: 'UNCONFIRMED',
    });
    await t.drainJobs();
    expect(mailer.sent).toHaveLength(mailCount);
  });

  it('answers a verified developer as it answers an unknown e-mail, and sends nothing', async () => {
    const dev = await signUpRecorded(t, mailer);
    const { client } = dev;
    await client.json('POST', ApiPaths.confirm, { json: { email: dev.email, code: dev.code } });
    t.clock.advance(60_000);
    const unknownEmail = uniqueEmail();
    const unknown = await client.json('POST', ApiPaths.sendConfirmation, {
      json: { email: unknownEmail },
    });
    const mailCount = mailer.sent.length;
    const verified = await client.json('POST', ApiPaths.sendConfirmation, {
      json: { email: dev.email },
    });
    expect(verified.status).toBe(unknown.status);
    expect(verified.body).toEqual(unknown.body);
    expect(verified.body).toEqual({
      status: 'success',
      message: Messages.otp.sent,
      user_status: 'UNCONFIRMED',
    });
    // Asked again at once: the gap's 429, as for an unknown e-mail asked again.
    const again = await client.json('POST', ApiPaths.sendConfirmation, {
      json: { email: dev.email },
    });
    const unknownAgain = await client.json('POST', ApiPaths.sendConfirmation, {
      json: { email: unknownEmail },
    });
    expect(again.status).toBe(429);
    expect(again.body).toEqual(unknownAgain.body);
    expect(await codesOf(t, dev.id, 'verify')).toHaveLength(1);
    await t.drainJobs();
    expect(mailer.sent).toHaveLength(mailCount);
  });

  it('answers an unknown address within the gap as it answers an unverified one', async () => {
    const dev = await signUpRecorded(t, mailer);
    const unknown = uniqueEmail();
    const client = await primedClient(t);
    await client.json('POST', ApiPaths.sendConfirmation, { json: { email: unknown } });
    const answers = await Promise.all(
      [unknown, dev.email].map((email) =>
        client.json('POST', ApiPaths.sendConfirmation, { json: { email } }),
      ),
    );
    const [forUnknown, forUnverified] = answers;
    expect(forUnverified?.status).toBe(429);
    expect(forUnknown?.status).toBe(forUnverified?.status);
    expect(forUnknown?.headers.get('retry-after')).toBe(forUnverified?.headers.get('retry-after'));
    expect(forUnknown?.body).toEqual(forUnverified?.body);
  });

  it('answers 429 with Retry-After within 60 s of the last code', async () => {
    const dev = await signUpRecorded(t, mailer);
    const { client } = dev;
    const now = await client.json('POST', ApiPaths.sendConfirmation, {
      json: { email: dev.email },
    });
    expect(now.status).toBe(429);
    expect(now.headers.get('retry-after')).toBe('60');
    expect(now.body).toEqual({
      status: 'error',
      code: 'code_resend_too_soon',
      message: Messages.auth.resendTooSoon(60),
    });
    t.clock.advance(45_000);
    const later = await client.json('POST', ApiPaths.sendConfirmation, {
      json: { email: dev.email },
    });
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('15');
    expect(later.body).toEqual({
      status: 'error',
      code: 'code_resend_too_soon',
      message: Messages.auth.resendTooSoon(15),
    });
    expect(await codesOf(t, dev.id, 'verify')).toHaveLength(1);
    await t.drainJobs();
    expect(mailer.to(dev.email)).toHaveLength(1);
  });

  it('issues one code for parallel requests', async () => {
    const dev = await signUpRecorded(t, mailer);
    t.clock.advance(60_000);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        dev.client.json('POST', ApiPaths.sendConfirmation, { json: { email: dev.email } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    const codes = await codesOf(t, dev.id, 'verify');
    expect(codes).toHaveLength(2);
    expect(codes.filter((c) => c.supersededAt === null)).toHaveLength(1);
    await t.drainJobs();
    expect(mailer.to(dev.email)).toHaveLength(2);
  });

  it('sends at most 5 codes an hour', async () => {
    const dev = await signUpRecorded(t, mailer);
    const { client } = dev;
    for (let i = 0; i < 4; i++) {
      t.clock.advance(60_000);
      const res = await client.json('POST', ApiPaths.sendConfirmation, {
        json: { email: dev.email },
      });
      expect(res.status).toBe(200);
    }
    t.clock.advance(60_000);
    const sixth = await client.json('POST', ApiPaths.sendConfirmation, {
      json: { email: dev.email },
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({
      status: 'error',
      code: 'code_send_limit',
      message: Messages.auth.sendLimitReached(55 * 60),
    });
    // The first code was sent 5 minutes ago: the window frees up in 55 minutes.
    expect(sixth.headers.get('retry-after')).toBe(String(55 * 60));
    expect(await codesOf(t, dev.id, 'verify')).toHaveLength(5);
    t.clock.advance(55 * 60_000);
    const next = await client.json('POST', ApiPaths.sendConfirmation, {
      json: { email: dev.email },
    });
    expect(next.status).toBe(200);
  });

  it.each([
    [{}, Messages.signup.emailRequired],
    [{ email: 'nope' }, Messages.signup.emailInvalid],
    [{ email: 'a@example.com', extra: 1 }, undefined],
  ])('answers 400 for %o', async (json, message) => {
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.sendConfirmation, { json });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 'error',
      ...(message === undefined ? {} : { message }),
    });
  });
});
