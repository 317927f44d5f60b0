import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import { developerRow, primedClient, signupBody } from '../../../test/support/accounts.js';
import { startSmtpPeer, type SmtpPeer } from '../../../test/support/smtp-peer.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const REFUSED = 'refused@example.com';
let isRefusing = true;
let peer: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  peer = await startSmtpPeer({ refuses: (address) => isRefusing && address === REFUSED });
  t = await startTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${peer.port}`,
      MAIL_FROM: 'Acme Trade Developers <developers@acme.example>',
    },
  });
});

afterAll(async () => {
  await t.close();
  await peer.close();
});

function mailJobsTo(email: string) {
  return t.db.kysely
    .selectFrom('jobs')
    .select(['attempts', 'lastError', 'doneAt', 'failedAt', 'payload'])
    .where('kind', '=', 'mail.send')
    .where('payload', 'like', `%${email}%`)
    .execute();
}

describe(`mail over SMTP (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('delivers the branded code mail to the peer, text and HTML', async () => {
    const client = await primedClient(t);
    const body = signupBody();
    const res = await client.json('POST', ApiPaths.signup, { json: body });
    expect(res.status).toBe(201);
    await t.drainJobs();

    const mails = peer.received.filter((m) => m.to.includes(body.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.from).toBe('developers@acme.example');
    expect(mail?.to).toEqual([body.email]);
    const subject = /^Subject: (\d{6}) is your Acme Trade verification code\r?$/m.exec(
      mail?.raw ?? '',
    );
    expect(subject).not.toBeNull();
    expect(mail?.raw).toMatch(/^From: Acme Trade Developers <developers@acme\.example>\r?$/m);
    expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);

    const confirm = await client.json('POST', ApiPaths.confirm, {
      json: { email: body.email, code: subject?.[1] },
    });
    expect(confirm.body).toEqual({ status: 'success', message: Messages.otp.verified });
    const stored = await t.db.kysely.selectFrom('mailboxMessages').select('id').execute();
    expect(stored).toEqual([]);
  });

  it('answers 201 when the peer refuses the mail, and the queue tries again', async () => {
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.signup, {
      json: signupBody({ email: REFUSED }),
    });
    expect(res.status).toBe(201);
    expect((await developerRow(t, REFUSED))?.verifiedAt).toBeNull();

    await t.drainJobs();
    const [first] = await mailJobsTo(REFUSED);
    expect(first).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(first?.lastError).toMatch(/mailbox unavailable/);

    // Due again after the backoff (at most a second for the first retry by default).
    t.clock.advance(1000);
    await t.drainJobs();
    expect((await mailJobsTo(REFUSED))[0]).toMatchObject({ attempts: 2, doneAt: null });

    isRefusing = false;
    t.clock.advance(2000);
    await t.drainJobs();
    expect(peer.received.filter((m) => m.to.includes(REFUSED))).toHaveLength(1);
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .select(['attempts', 'doneAt', 'payload'])
      .where('kind', '=', 'mail.send')
      .where('doneAt', 'is not', null)
      .where('attempts', '=', 3)
      .execute();
    // Sent: done, and the payload with the code in it erased.
    expect(jobs).toEqual([{ attempts: 3, doneAt: t.clock.now(), payload: null }]);
  });
});
