import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { expectErrorLog } from '../../../test/support/error-log.js';
import { ApiPaths } from '../../contract/api-paths.js';
import {
  createDeveloper,
  developerRow,
  primedClient,
  signupBody,
  uniqueEmail,
} from '../../../test/support/accounts.js';
import { freePort, startSmtpPeer, type SmtpPeer } from '../../../test/support/smtp-peer.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const engine = process.env.TEST_DB ?? 'sqlite';
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appWithSmtp(port: number, env: Record<string, string> = {}): Promise<TestApp> {
  const t = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, ...env } });
  cleanups.push(() => t.close());
  return t;
}

async function peerOn(options: Parameters<typeof startSmtpPeer>[0]): Promise<SmtpPeer> {
  const peer = await startSmtpPeer(options);
  cleanups.push(() => peer.close());
  return peer;
}

/** Sign-up and forgot-password for one new developer, each answered as the client sees it. */
async function signUpThenForgot(t: TestApp) {
  const client = await primedClient(t);
  const body = signupBody();
  const signup = await client.json('POST', ApiPaths.signup, { json: body });
  t.clock.advance(60_000);
  const forgot = await client.json('POST', ApiPaths.forgotPassword, {
    json: { email: body.email },
  });
  return { email: body.email, statuses: [signup.status, forgot.status] };
}

function mailJobs(t: TestApp) {
  return t.db.kysely
    .selectFrom('jobs')
    .select(['attempts', 'lastError', 'doneAt', 'payload'])
    .where('kind', '=', 'mail.send')
    .execute();
}

// Each test builds its own app (a sign-up hash included): generous on a busy machine.
describe(`mail through the job queue (${engine})`, { timeout: 30_000 }, () => {
  it('answers at once with SMTP down, and delivers once a server listens on the port', async () => {
    const port = await freePort();
    const t = await appWithSmtp(port, {
      JOBS_POLL_INTERVAL_MS: '20',
      JOBS_RETRY_BASE_MS: '10',
      JOBS_RETRY_MAX_MS: '20',
    });
    const { email, statuses } = await signUpThenForgot(t);
    expect(statuses).toEqual([201, 200]);

    await t.drainJobs();
    const failed = await mailJobs(t);
    expect(failed).toHaveLength(2);
    for (const job of failed) {
      expect(job).toMatchObject({ attempts: 1, doneAt: null });
      expect(job.lastError).toMatch(/ECONNREFUSED/);
    }

    const peer = await peerOn({ port });
    // The retry is due 10 to 20 ms later on the app's clock; the worker's own poll finds it.
    t.clock.advance(20);
    const mails = await peer.receivedCount(2);
    expect(mails.map((m) => m.to)).toEqual([[email], [email]]);
    expect(
      mails.map((m) => /^Subject: \d{6} is your Acme Trade (.+)\r?$/m.exec(m.raw)?.[1]).sort(),
    ).toEqual(['password reset code', 'verification code']);
    await t.drainJobs();
    expect(await mailJobs(t)).toEqual([
      { attempts: 2, lastError: null, doneAt: t.clock.now(), payload: null },
      { attempts: 2, lastError: null, doneAt: t.clock.now(), payload: null },
    ]);
  });

  it('answers at once while the SMTP server is slow to answer', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const peer = await peerOn({ answerAfter: () => released });
    const t = await appWithSmtp(peer.port);

    const { email, statuses } = await signUpThenForgot(t);
    expect(statuses).toEqual([201, 200]);
    // Both answers came while the server still holds the first message unanswered.
    expect(peer.received).toEqual([]);

    release();
    await t.drainJobs();
    expect(peer.received.map((m) => m.to)).toEqual([[email], [email]]);
  });

  it('writes no mail job when the sign-up that causes it does not commit', async () => {
    // The failed commit answers 500, logged as an error.
    expectErrorLog(/^request failed$/);
    const t = await startTestApp();
    cleanups.push(() => t.close());
    // A check that fails only at commit, after the mail job was written in the transaction.
    await sql`create table commit_guard (developer_id text references developers (id) deferrable initially deferred)`.execute(
      t.db.kysely,
    );
    if (t.db.engine === 'postgres') {
      await sql`create function guard_jobs() returns trigger language plpgsql as $$
        begin
          if new.payload like '%rollback-probe%' then insert into commit_guard values ('nobody'); end if;
          return new;
        end $$`.execute(t.db.kysely);
      await sql`create trigger jobs_guard after insert on jobs for each row execute function guard_jobs()`.execute(
        t.db.kysely,
      );
    } else {
      await sql`create trigger jobs_guard after insert on jobs when new.payload like '%rollback-probe%'
        begin insert into commit_guard values ('nobody'); end`.execute(t.db.kysely);
    }
    const jobsBefore = await t.db.kysely.selectFrom('jobs').select('id').execute();

    const email = uniqueEmail('rollback-probe');
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.signup, { json: signupBody({ email }) });
    expect(res.status).toBe(500);
    expect(await developerRow(t, email)).toBeUndefined();
    expect(await t.db.kysely.selectFrom('jobs').select('id').execute()).toEqual(jobsBefore);
  });

  it('keeps embedded mail in the mailbox through the queue and erases the sent payload', async () => {
    const t = await startTestApp();
    cleanups.push(() => t.close());
    const dev = await createDeveloper(t, { verified: false });
    await t.drainJobs();
    const mailbox = await t.db.kysely
      .selectFrom('mailboxMessages')
      .select('subject')
      .where('toAddress', '=', dev.email)
      .execute();
    expect(mailbox).toEqual([{ subject: expect.stringMatching(/^\d{6} is your/) as string }]);
    const jobs = await mailJobs(t);
    expect(jobs).toEqual([{ attempts: 1, lastError: null, doneAt: t.clock.now(), payload: null }]);
  });
});
