import { connect } from 'node:net';

/** One HTTP/1.1 request as bytes on the wire: nothing is checked, escaped or completed. */
export interface RawRequest {
  readonly method: string;
  /** The request target exactly as sent (may hold `..`, `%00`, spaces, non-ASCII). */
  readonly target: string;
  /** Sent in order after Host and Connection; may repeat names or hold any bytes. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Buffer;
  /** The Content-Length sent: the body's length unless a test lies about it. */
  readonly contentLength?: number | 'omit';
}

export interface RawResponse {
  readonly status: number;
  readonly headers: ReadonlyMap<string, string>;
  readonly body: Buffer;
}

export function encodeRequest(request: RawRequest): Buffer {
  const lines = [
    `${request.method} ${request.target} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
  ];
  const length = request.contentLength ?? request.body.length;
  if (length !== 'omit') lines.push(`Content-Length: ${length}`);
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), request.body]);
}

function decodeChunked(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) return Buffer.concat(parts);
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Parses what the server wrote before closing; null when it wrote no status line. */
export function parseResponse(bytes: Buffer): RawResponse | null {
  const headEnd = bytes.indexOf('\r\n\r\n');
  // An interim answer (100 Continue) comes before the real one.
  if (/^HTTP\/1\.[01] 1\d\d/.test(bytes.subarray(0, 12).toString('latin1'))) {
    return headEnd < 0 ? null : parseResponse(bytes.subarray(headEnd + 4));
  }
  if (headEnd < 0) return null;
  const [statusLine = '', ...headerLines] = bytes
    .subarray(0, headEnd)
    .toString('latin1')
    .split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (match?.[1] === undefined) return null;
  const headers = new Map<string, string>();
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const rest = bytes.subarray(headEnd + 4);
  const body = headers.get('transfer-encoding') === 'chunked' ? decodeChunked(rest) : rest;
  return { status: Number(match[1]), headers, body };
}

/**
 * Writes the bytes to a fresh connection and reads until the server closes it. A server
 * may answer and close before it has read a too-large body, so write errors are ignored:
 * what counts is the answer. Rejects only when the server neither answers nor closes.
 * `halfClose` ends the sending side after the bytes (Node's server then drops the request,
 * so only requests that cannot be complete use it).
 */
export function sendRaw(
  port: number,
  bytes: Buffer,
  { halfClose = false, timeoutMs = 15_000 } = {},
): Promise<RawResponse | null> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const received: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseResponse(Buffer.concat(received)));
    });
    if (halfClose) socket.end(bytes);
    else socket.write(bytes);
  });
}
