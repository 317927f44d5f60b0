import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { CodeFailureLimits } from '../../contract/limits.js';
import { Messages } from '../../contract/messages.js';
import {
  PASSWORD,
  primedClient,
  signIn,
  signupBody,
  wrongCodes,
} from '../../../test/support/accounts.js';
import type { HttpClient } from '../../../test/support/http-client.js';
import { NEW_PASSWORD } from '../../../test/support/password-reset.js';
import { startSmtpPeer, type SmtpPeer } from '../../../test/support/smtp-peer.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { DEVICE_COOKIE } from './device-cookie.js';

const DAY_MS = 24 * 60 * 60_000;
const LOCK_SUBJECT = /^Subject: Too many wrong codes for your .* account\r?$/m;
let peer: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${peer.port}` } });
});

afterAll(async () => {
  await t.close();
  await peer.close();
});

function mailsTo(email: string) {
  return peer.received.filter((mail) => mail.to.includes(email));
}

/** The code of the newest code mail the peer received for `email`. */
async function peerCode(email: string): Promise<string> {
  await t.drainJobs();
  const codes = mailsTo(email).flatMap((mail) => {
    const found = /^Subject: (\d{6}) is your /m.exec(mail.raw)?.[1];
    return found === undefined ? [] : [found];
  });
  const code = codes.at(-1);
  if (code === undefined) throw new Error(`no code mail to ${email}`);
  return code;
}

const lockMails = (email: string) => mailsTo(email).filter((mail) => LOCK_SUBJECT.test(mail.raw));

type Purpose = 'verify' | 'reset';

/** One wrong guess through the route the purpose uses (the reset screen's live check). */
function guess(client: HttpClient, purpose: Purpose, email: string, code: string) {
  return purpose === 'verify'
    ? client.json('POST', ApiPaths.confirm, { json: { email, code } })
    : client.json('POST', ApiPaths.forgotPasswordVerify, { json: { email, code } });
}

/** A new code of the purpose, a minute after the last, and its text. */
async function resend(client: HttpClient, purpose: Purpose, email: string) {
  t.clock.advance(60_000);
  const path = purpose === 'verify' ? ApiPaths.sendConfirmation : ApiPaths.forgotPassword;
  const res = await client.json('POST', path, { json: { email } });
  await t.drainJobs();
  return res;
}

/**
 * Spends `wrong` wrong guesses, five per code (each code's own limit), asking for a new
 * code when one is used up: the count across resends is what is proved.
 */
async function guessWrong(client: HttpClient, purpose: Purpose, email: string, wrong: number) {
  let left = wrong;
  while (left > 0) {
    const code = await peerCode(email);
    for (const bad of wrongCodes(Math.min(5, left), code)) {
      const res = await guess(client, purpose, email, bad);
      expect(res.status).toBe(400);
      left--;
    }
    if (left > 0) expect((await resend(client, purpose, email)).status).toBe(200);
  }
}

function expectLocked(res: { status: number; body: unknown; headers: Headers }) {
  expect(res.status).toBe(429);
  const seconds = Number(res.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(0);
  expect(res.body).toEqual({
    status: 'error',
    code: 'code_failures_locked',
    message: Messages.auth.codeFailuresLocked(seconds),
  });
}

async function unverified(): Promise<{ email: string; client: HttpClient }> {
  const client = await primedClient(t);
  const body = signupBody();
  expect((await client.json('POST', ApiPaths.signup, { json: body })).status).toBe(201);
  return { email: body.email, client };
}

/** A developer through the real sign-up and confirm, the code read from the peer. */
async function verified() {
  const { email } = await unverified();
  const client = await primedClient(t);
  const res = await guess(client, 'verify', email, await peerCode(email));
  expect(res.status).toBe(200);
  const row = await t.db.kysely
    .selectFrom('developers')
    .select('id')
    .where('emailNormalized', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

/** A verified developer with a reset code in the peer's inbox. */
async function withResetCode() {
  const dev = await verified();
  const client = await primedClient(t);
  expect((await resend(client, 'reset', dev.email)).status).toBe(200);
  return { ...dev, client };
}

describe(`wrong codes across resends (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('refuses the verification code after 20 wrong ones, even a fresh one, and resends', async () => {
    expect(CodeFailureLimits.failuresPerDay).toBe(20);
    const { email, client } = await unverified();
    await guessWrong(client, 'verify', email, 19);
    expect((await resend(client, 'verify', email)).status).toBe(200);
    const fresh = await peerCode(email);
    await guessWrong(client, 'verify', email, 1);

    expectLocked(await guess(client, 'verify', email, fresh));
    // Past the hour of the address's send limits: the lock itself refuses the resend.
    t.clock.advance(60 * 60_000);
    expectLocked(await resend(client, 'verify', email));
    const other = await primedClient(t);
    expectLocked(await guess(other, 'verify', email, fresh));
    expect(await peerCode(email)).toBe(fresh);
    const row = await t.db.kysely
      .selectFrom('developers')
      .select('verifiedAt')
      .where('emailNormalized', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row.verifiedAt).toBeNull();
  });

  it('mails the owner once, over SMTP, and logs it in the activity log', async () => {
    const dev = await withResetCode();
    await guessWrong(dev.client, 'reset', dev.email, 20);
    expectLocked(await guess(dev.client, 'reset', dev.email, '123456'));
    expectLocked(await guess(dev.client, 'reset', dev.email, '654321'));
    await t.drainJobs();
    const [mail, ...more] = lockMails(dev.email);
    expect(more).toEqual([]);
    expect(mail?.raw).toMatch(/password reset/);
    const activity = await t.db.kysely
      .selectFrom('activityEvents')
      .select(['kind', 'details'])
      .where('developerId', '=', dev.id)
      .where('kind', '=', 'codes.locked')
      .execute();
    expect(activity).toHaveLength(1);
    expect(JSON.parse(String(activity[0]?.details))).toEqual({ purpose: 'reset' });
  });

  it('lets a browser the account signed in from still reset the password', async () => {
    const dev = await verified();
    const owner = await primedClient(t);
    const signedIn = await signIn(owner, dev.email, PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(owner.cookie(DEVICE_COOKIE)).toBeDefined();
    // A browser sends the cookie to the code routes only when its path covers them.
    expect(signedIn.headers.get('set-cookie')).toMatch(
      new RegExp(`${DEVICE_COOKIE}=[^;]+;.*Path=/api/v1/authentication;`),
    );
    const attacker = await primedClient(t);
    expect((await resend(attacker, 'reset', dev.email)).status).toBe(200);
    await guessWrong(attacker, 'reset', dev.email, 20);
    expectLocked(await guess(attacker, 'reset', dev.email, '123456'));

    // The send limits of the address (5 an hour) spent by the attacker pass first.
    t.clock.advance(60 * 60_000);
    await t.drainJobs();
    const mailsBefore = mailsTo(dev.email).length;
    expect((await resend(attacker, 'reset', dev.email)).status).toBe(200);
    expect(mailsTo(dev.email)).toHaveLength(mailsBefore);

    expect((await resend(owner, 'reset', dev.email)).status).toBe(200);
    const code = await peerCode(dev.email);
    expect((await guess(owner, 'reset', dev.email, code)).status).toBe(200);
    expectLocked(await guess(attacker, 'reset', dev.email, code));
    const reset = await owner.json('POST', ApiPaths.forgotPasswordConfirm, {
      json: { email: dev.email, code, password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect((await signIn(await primedClient(t), dev.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('counts each purpose on its own', async () => {
    const { email, client } = await unverified();
    await guessWrong(client, 'verify', email, 15);
    expect((await resend(client, 'verify', email)).status).toBe(200);
    const verify = await guess(client, 'verify', email, await peerCode(email));
    expect(verify.status).toBe(200);

    t.clock.advance(60 * 60_000);
    expect((await resend(client, 'reset', email)).status).toBe(200);
    await guessWrong(client, 'reset', email, 15);
    expect((await resend(client, 'reset', email)).status).toBe(200);
    expect((await guess(client, 'reset', email, await peerCode(email))).status).toBe(200);
    await guessWrong(client, 'reset', email, 5);
    expectLocked(await guess(client, 'reset', email, await peerCode(email)));
  });

  it('lets codes through again a day after the first wrong one', async () => {
    const { email, client } = await unverified();
    await guessWrong(client, 'verify', email, 20);
    expectLocked(await resend(client, 'verify', email));
    t.clock.advance(DAY_MS);
    expect((await resend(client, 'verify', email)).status).toBe(200);
    const res = await guess(client, 'verify', email, await peerCode(email));
    expect(res.body).toEqual({ status: 'success', message: Messages.otp.verified });
  });
});
