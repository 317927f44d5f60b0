import { connect, type Socket } from 'node:net';
import type { LoadRequest } from './load-protocol.js';

/** An answer as the generator needs it: the status, and the body to say why a run failed. */
export interface Answer {
  readonly status: number;
  body(): string;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const NO_BODY = new Set([204, 304]);

/**
 * The length of a whole response at the start of `data` (headers and body), or null while
 * part of it is still to come. Bodies come with a Content-Length or chunked.
 */
function responseLength(data: Buffer): { readonly end: number; readonly head: string } | null {
  const headEnd = data.indexOf(HEADER_END);
  if (headEnd < 0) return null;
  const head = data.toString('latin1', 0, headEnd).toLowerCase();
  const bodyStart = headEnd + HEADER_END.length;
  const status = Number(head.slice(9, 12));
  if (NO_BODY.has(status)) return { end: bodyStart, head };
  const length = /\r\ncontent-length: *(\d+)/.exec(head);
  if (length?.[1] !== undefined) {
    const end = bodyStart + Number(length[1]);
    return data.length >= end ? { end, head } : null;
  }
  if (!head.includes('\r\ntransfer-encoding: chunked')) {
    throw new Error(`a response with neither Content-Length nor chunked: ${head.slice(0, 200)}`);
  }
  return chunkedEnd(data, bodyStart, head);
}

function chunkedEnd(data: Buffer, bodyStart: number, head: string) {
  let at = bodyStart;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(data.toString('latin1', at, lineEnd), 16);
    at = lineEnd + 2 + size + 2;
    if (data.length < at) return null;
    if (size === 0) return { end: at, head };
  }
}

/** The body of a whole response, its chunked framing taken out. */
function bodyOf(response: Buffer, head: string): string {
  const start = response.indexOf(HEADER_END) + HEADER_END.length;
  if (!head.includes('\r\ntransfer-encoding: chunked')) return response.toString('utf8', start);
  const parts: Buffer[] = [];
  for (let at = start; ;) {
    const lineEnd = response.indexOf('\r\n', at);
    const size = Number.parseInt(response.toString('latin1', at, lineEnd), 16);
    if (!(size > 0)) return Buffer.concat(parts).toString();
    parts.push(response.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/**
 * One kept-alive HTTP/1.1 connection straight on a socket, one request at a time: the
 * generator's per-request cost stays a small part of the server's, so its own pauses do not
 * show in the latencies it times (docs/decisions/073-bench-generator-sockets.md).
 */
export class HttpConnection {
  private readonly socket: Socket;
  private readonly opened: Promise<void>;
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve(answer: Answer): void; reject(error: Error): void } | null = null;

  constructor(
    private readonly host: string,
    port: number,
  ) {
    this.socket = connect({ host, port, noDelay: true });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => this.receive(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  async send(request: LoadRequest): Promise<Answer> {
    await this.opened;
    if (this.socket.destroyed) throw new Error('the server closed the connection');
    const body = request.body ?? '';
    const headers = Object.entries(request.headers ?? {})
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const length = body === '' ? '' : `content-length: ${String(Buffer.byteLength(body))}\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(
        `${request.method} ${request.path} HTTP/1.1\r\nhost: ${this.host}\r\n${headers}${length}\r\n${body}`,
      );
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer) {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    try {
      const whole = responseLength(this.received);
      if (whole === null) return;
      const response = this.received.subarray(0, whole.end);
      this.received = this.received.subarray(whole.end);
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.resolve({
        status: Number(whole.head.slice(9, 12)),
        body: () => bodyOf(response, whole.head),
      });
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private fail(error: Error) {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}
