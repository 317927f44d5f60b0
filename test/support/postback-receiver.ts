import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';
import type { TestClock } from './test-app.js';

export interface ReceivedPostback {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The body as `Webhook.verify` returned it, or the verification error's message. */
  readonly verified: { readonly payload: unknown } | { readonly error: string };
}

export interface PostbackReceiver {
  /** Where the portal should post: http on 127.0.0.1 (the embedded local test host). */
  readonly url: string;
  readonly received: ReceivedPostback[];
  /** The signing secret deliveries are verified with; set once the app has one. */
  secret: string | undefined;
  /** Statuses of the next answers, first first; 200 once they run out. */
  answers: number[];
  close(): Promise<void>;
}

function plainHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
}

/**
 * A real HTTP receiver on 127.0.0.1 that checks every delivery with the standardwebhooks
 * library, as a developer's server would. The timestamp check reads the test clock: the
 * portal signs with it, so the library's 5-minute tolerance is measured against it too.
 */
export async function startPostbackReceiver(clock: TestClock): Promise<PostbackReceiver> {
  const received: ReceivedPostback[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: ReceivedPostback['verified'];
      const now = vi.spyOn(Date, 'now').mockReturnValue(clock.now());
      try {
        if (receiver.secret === undefined) throw new Error('no secret set');
        const payload = new Webhook(receiver.secret).verify(body, plainHeaders(request.headers));
        verified = { payload };
      } catch (error) {
        verified = { error: error instanceof Error ? error.message : String(error) };
      } finally {
        now.mockRestore();
      }
      received.push({ headers: request.headers, body, verified });
      const status = 'error' in verified ? 401 : (receiver.answers.shift() ?? 200);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: PostbackReceiver = {
    url: `http://127.0.0.1:${String(port)}/postbacks`,
    received,
    secret: undefined,
    answers: [],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
  return receiver;
}
