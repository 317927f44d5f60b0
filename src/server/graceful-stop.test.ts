import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPaths } from '../contract/api-paths.js';
import { Messages } from '../contract/messages.js';
import { HttpClient } from '../../test/support/http-client.js';
import { startPortalChild, type PortalChild } from '../../test/support/portal-child.js';
import { REQUEST_ID_HEADER } from './http/request-id.js';
import { XSRF_COOKIE } from './http/xsrf.js';

// Graceful stop (docs/reliability.md), against the real entry point (src/server/main.ts) in a child
// process: SIGTERM while 50 sign-ins are in flight.

// tsx compiles the server at start: on a loaded 2-core machine that takes a while.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 30_000 });

const IN_FLIGHT = 50;
const LATE = 10;

let dataDir: string;
let portal: PortalChild | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-stop-'));
});

afterEach(async () => {
  if (portal !== undefined && portal.child.exitCode === null) {
    portal.child.kill('SIGKILL');
    await portal.exit();
  }
  portal = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

/** A raw HTTP/1.1 connection: what it read until the server closed it. */
interface RawConnection {
  readonly socket: Socket;
  readonly received: Promise<string>;
}

async function openConnection(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const received = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(text));
  });
  // A reset after the answers is fine; the test reads what arrived before it.
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  return { socket, received };
}

function statusesIn(text: string): number[] {
  // Not anchored: an answer follows the previous body on the same line.
  return [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
}

function countLines(output: string, ...parts: string[]): number {
  return output.split('\n').filter((line) => parts.every((part) => line.includes(part))).length;
}

describe('SIGTERM with 50 requests in flight', () => {
  it('finishes them, refuses what comes after, and exits 0', async () => {
    // 50 argon2id hashes on a 2-core machine shared with other work take their time.
    portal = await startPortalChild({
      DATA_DIR: dataDir,
      SHUTDOWN_GRACE_SECONDS: '60',
      HASH_QUEUE_WAIT_MS: '60000',
      // The arrival of each request is logged at debug (decision 060): the test waits on it.
      LOG_LEVEL: 'debug',
    });
    const { port, baseUrl } = portal;
    const client = new HttpClient(baseUrl);
    await client.prime();
    const xsrf = client.cookie(XSRF_COOKIE) ?? '';
    // An address with no account: each sign-in still spends a full argon2id check (and 50
    // parallel sign-ins to one account would be throttled before their checks, decision 010).
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'Str0ng!Pass' });
    const requestLine = `POST ${ApiPaths.signin} HTTP/1.1\r\n`;
    const head = [
      `Host: 127.0.0.1:${String(port)}`,
      'Content-Type: application/json',
      `Content-Length: ${String(Buffer.byteLength(body))}`,
      `Cookie: ${XSRF_COOKIE}=${xsrf}`,
      `X-XSRF-TOKEN: ${xsrf}`,
      '',
      '',
    ].join('\r\n');
    const half = Math.floor(body.length / 2);

    // Late: only the request line has arrived when SIGTERM comes, so the request is routed
    // while the server closes. Written first, so the server has read it by the time it
    // logs the last of the in-flight requests.
    const late = await Promise.all(Array.from({ length: LATE }, () => openConnection(port)));
    for (const { socket } of late) socket.write(requestLine);
    // In flight: the server has each request's head and half its body when SIGTERM comes.
    const inFlight = await Promise.all(
      Array.from({ length: IN_FLIGHT }, () => openConnection(port)),
    );
    const signinsBefore = countLines(portal.output(), '"incoming request"', ApiPaths.signin);
    for (const { socket } of inFlight) socket.write(requestLine + head + body.slice(0, half));
    await portal.waitForOutput(
      (output) =>
        countLines(output, '"incoming request"', ApiPaths.signin) === signinsBefore + IN_FLIGHT,
    );

    portal.child.kill('SIGTERM');
    await portal.waitForOutput((output) => output.includes('shutting down'));
    // The log line comes just before the listener closes: wait for the close itself, while
    // the requests in flight still hold the process open.
    const tryConnect = () =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1')
          .on('connect', () => {
            socket.destroy();
            resolve('connected');
          })
          .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    // While the listener closes, a connection the kernel had queued for it is reset
    // (ECONNRESET); once it has closed, a new one is refused.
    let refused = await tryConnect();
    for (let tries = 0; refused !== 'ECONNREFUSED' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      refused = await tryConnect();
    }
    for (const { socket } of inFlight) socket.write(body.slice(half));
    for (const { socket } of late) socket.write(head + body);
    const answers = await Promise.all(inFlight.map(({ received }) => received));
    const lateAnswers = await Promise.all(late.map(({ received }) => received));
    const code = await portal.exit();

    expect(refused).toBe('ECONNREFUSED');
    expect(answers.map(statusesIn)).toEqual(answers.map(() => [401]));
    for (const text of answers) {
      expect(text).toContain(Messages.auth.badCredentials);
      expect(text).toMatch(/^connection: close\r$/im);
    }
    expect(lateAnswers.map(statusesIn)).toEqual(lateAnswers.map(() => [503]));
    expect(code).toBe(0);
    expect(portal.output()).toContain('"msg":"closed"');
    expect(portal.output()).not.toContain('shutdown took too long');
  });
});

describe('request ids in the logs', () => {
  it('are the X-Request-Id of the answer on every log line of the request', async () => {
    // At debug a request logs its arrival and its answer (decision 060).
    portal = await startPortalChild({ DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
    const client = new HttpClient(portal.baseUrl);
    await client.prime();
    const res = await client.request('POST', ApiPaths.signin, {
      json: { email: 'nobody@example.com', password: 'Wr0ng!Pass' },
    });
    expect(res.status).toBe(401);
    const id = res.headers.get(REQUEST_ID_HEADER) ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    await portal.waitForOutput((output) => countLines(output, id, 'request completed') === 1);
    const lines = portal
      .output()
      .split('\n')
      .filter((line) => line.includes(id));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      expect((JSON.parse(line) as { reqId?: string }).reqId).toBe(id);
    }
    expect(lines.some((line) => line.includes(ApiPaths.signin))).toBe(true);
  });
});
