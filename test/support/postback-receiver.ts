import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';
import { startHttpReceiver, type ReceivedRequest } from './http-receiver.js';
import type { TestClock } from './test-app.js';

export interface ReceivedPostback {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The body as `Webhook.verify` returned it, or the verification error's message. */
  readonly verified: { readonly payload: unknown } | { readonly error: string };
}

export interface PostbackReceiver {
  /** Where the portal should post: http on 127.0.0.1 (the tests' local test host). */
  readonly url: string;
  readonly received: ReceivedPostback[];
  /** The signing secret deliveries are verified with; set once the app has one. */
  secret: string | undefined;
  /** Statuses of the next answers, first first; 200 once they run out. */
  answers: number[];
  close(): Promise<void>;
}

/**
 * A real HTTP receiver that checks every delivery with the standardwebhooks library, as a
 * developer's server would, and answers 401 to one that fails. The library's 5-minute
 * timestamp tolerance is measured against the test clock, which the portal signs with.
 */
export async function startPostbackReceiver(clock: TestClock): Promise<PostbackReceiver> {
  const received: ReceivedPostback[] = [];
  function verify(request: ReceivedRequest): ReceivedPostback['verified'] {
    const now = vi.spyOn(Date, 'now').mockReturnValue(clock.now());
    try {
      if (receiver.secret === undefined) throw new Error('no secret set');
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      return { payload: new Webhook(receiver.secret).verify(request.body, headers) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    } finally {
      now.mockRestore();
    }
  }
  const http = await startHttpReceiver((request, response) => {
    const verified = verify(request);
    received.push({ headers: request.headers, body: request.body, verified });
    const status = 'error' in verified ? 401 : (receiver.answers.shift() ?? 200);
    response.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${String(status)}`);
  });
  const receiver: PostbackReceiver = {
    url: `${http.url}/postbacks`,
    received,
    secret: undefined,
    answers: [],
    close: () => http.close(),
  };
  return receiver;
}
