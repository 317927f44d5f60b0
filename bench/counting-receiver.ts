import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** A postback receiver that answers 200 and says when the expected count is in. */
export interface CountingReceiver {
  readonly url: string;
  /** Starts counting again; resolves when `expected` requests have arrived, at the last one's time. */
  expect(expected: number): Promise<number>;
  /**
   * Keeps every answer until `release`: the portal's delivery loops wait on their first
   * requests, so events sent to its intake meanwhile stay queued.
   */
  hold(): void;
  /** Sends the kept answers and answers at once again; resolves with the time it did. */
  release(): number;
  close(): Promise<void>;
}

export async function startCountingReceiver(): Promise<CountingReceiver> {
  let received = 0;
  let wanted = Number.POSITIVE_INFINITY;
  let onAll: (at: number) => void = () => undefined;
  let held: (() => void)[] | null = null;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const answer = () => {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        received += 1;
        if (received === wanted) onAll(performance.now());
      };
      if (held === null) answer();
      else held.push(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/postbacks`,
    expect(expected) {
      received = 0;
      wanted = expected;
      return new Promise((resolve) => (onAll = resolve));
    },
    hold() {
      held = [];
    },
    release() {
      const kept = held ?? [];
      held = null;
      const at = performance.now();
      for (const answer of kept) answer();
      return at;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
