import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
}

export interface SmtpPeerOptions {
  /** Listen on this port (0 or absent: a free one). */
  readonly port?: number;
  /** Recipients refused at RCPT TO (checked at each mail, so a test may change its mind). */
  readonly refuses?: (address: string) => boolean;
  /** Holds the answer to each message until this resolves: a slow server. */
  readonly answerAfter?: () => Promise<void>;
}

export interface SmtpPeer {
  readonly port: number;
  readonly received: ReceivedMail[];
  /** Resolves once `count` messages (in all) have been received. */
  receivedCount(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function collect(stream: SMTPServerDataStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

/** A loopback port nothing listens on (taken, then let go). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A real SMTP server (smtp-server) on loopback that keeps what it receives. */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: (mails: ReceivedMail[]) => void }[] = [];
  const peer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const isRefused = options.refuses?.(address.address) === true;
      callback(isRefused ? new Error('mailbox unavailable') : null);
    },
    onData(stream, session, callback) {
      collect(stream)
        .then(async (raw) => {
          await options.answerAfter?.();
          received.push({
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          for (const waiter of waiters.filter((w) => received.length >= w.count)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(received.slice());
          }
          callback();
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    },
  });
  const server = peer.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    receivedCount(count) {
      if (received.length >= count) return Promise.resolve(received.slice());
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => new Promise<void>((resolve) => peer.close(resolve)),
  };
}
