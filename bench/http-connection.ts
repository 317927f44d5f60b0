import { connect, type Socket } from 'node:net';
import type { LoadRequest } from './load-protocol.js';

/** An answer as the generator needs it: the status, and the body to say why a run failed. */
export interface Answer {
  readonly status: number;
  body(): string;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const NO_BODY = new Set([204, 304]);
const CHUNKED = '\r\ntransfer-encoding: chunked';
const CLOSED = 'the server closed the connection';

/** A whole response at the start of the bytes received: where it ends, and what it says. */
interface Response extends Answer {
  readonly end: number;
}

/**
 * The whole response at the start of `data`, or null while part of it is still to come.
 * Bodies come with a Content-Length or chunked.
 */
function responseAt(data: Buffer): Response | null {
  const headEnd = data.indexOf(HEADER_END);
  if (headEnd < 0) return null;
  const head = data.toString('latin1', 0, headEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const bodyStart = headEnd + HEADER_END.length;
  const whole = (end: number, body: () => string) => ({ end, status, body });
  if (NO_BODY.has(status)) return whole(bodyStart, () => '');
  const length = /\r\ncontent-length: *(\d+)/.exec(head)?.[1];
  if (length !== undefined) {
    const end = bodyStart + Number(length);
    const body = data.subarray(bodyStart, end);
    return data.length >= end ? whole(end, () => body.toString()) : null;
  }
  if (!head.includes(CHUNKED)) {
    throw new Error(`a response with neither Content-Length nor chunked: ${head.slice(0, 200)}`);
  }
  const chunks = chunksAt(data, bodyStart);
  return chunks === null ? null : whole(chunks.end, () => Buffer.concat(chunks.parts).toString());
}

/** The chunks of a chunked body starting at `at`, once its last (empty) chunk has come. */
function chunksAt(data: Buffer, at: number): { end: number; parts: Buffer[] } | null {
  const parts: Buffer[] = [];
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(data.toString('latin1', at, lineEnd), 16);
    const next = lineEnd + 2 + size + 2;
    if (data.length < next) return null;
    if (size === 0) return { end: next, parts };
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = next;
  }
}

/**
 * One kept-alive HTTP/1.1 connection straight on a socket, one request at a time: the
 * generator's per-request cost stays a small part of the server's, so its own pauses do not
 * show in the latencies it times (docs/decisions/073-paced-generator-sockets.md).
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
    this.socket.on('close', () => this.fail(new Error(CLOSED)));
  }

  async send(request: LoadRequest): Promise<Answer> {
    await this.opened;
    if (this.socket.destroyed) throw new Error(CLOSED);
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
      const response = responseAt(this.received);
      if (response === null) return;
      this.received = this.received.subarray(response.end);
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.resolve(response);
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
