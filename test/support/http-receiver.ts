import { once } from 'node:events';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export type Answer = (request: ReceivedRequest, response: ServerResponse) => void;

export interface HttpReceiver {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly received: ReceivedRequest[];
  close(): Promise<void>;
}

const answerOk: Answer = (_request, response) => response.end('ok');

async function bodyOf(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A real HTTP server on 127.0.0.1 that records every request and answers with `answer`. */
export async function startHttpReceiver(answer: Answer = answerOk): Promise<HttpReceiver> {
  const received: ReceivedRequest[] = [];
  const server = createServer((incoming, response) => {
    void bodyOf(incoming).then((body) => {
      const request = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        body,
      };
      received.push(request);
      answer(request, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${String(port)}`,
    received,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
