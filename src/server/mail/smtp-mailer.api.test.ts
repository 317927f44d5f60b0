import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import { developerRow, primedClient, signupBody } from '../../../test/support/accounts.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { GENERIC_SERVER_ERROR } from '../http/error-handler.js';

interface Received {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
}

const REFUSED = 'refused@example.com';
const received: Received[] = [];
let peer: SMTPServer;
let t: TestApp;

function collect(stream: SMTPServerDataStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

beforeAll(async () => {
  // A real SMTP peer on a free loopback port.
  peer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(address.address === REFUSED ? new Error('mailbox unavailable') : null);
    },
    onData(stream, session, callback) {
      collect(stream).then(
        (raw) => {
          received.push({
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  const server = peer.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  t = await startTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Acme Trade Developers <developers@acme.example>',
    },
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => peer.close(resolve));
});

describe(`mail over SMTP (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('delivers the branded code mail to the peer, text and HTML', async () => {
    const client = await primedClient(t);
    const body = signupBody();
    const res = await client.json('POST', ApiPaths.signup, { json: body });
    expect(res.status).toBe(201);

    const mails = received.filter((m) => m.to.includes(body.email));
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

  it('answers a generic 500 when the peer refuses the mail', async () => {
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.signup, {
      json: signupBody({ email: REFUSED }),
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ status: 'error', message: GENERIC_SERVER_ERROR });
    // The account stays; a code can be requested again once the mail server recovers.
    expect((await developerRow(t, REFUSED))?.verifiedAt).toBeNull();
  });
});
