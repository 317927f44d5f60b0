import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../test/support/brand.js';
import { ApiPaths } from '../../contract/api-paths.js';
import { StorageKeys } from '../session/storage.js';
import { ApiError } from './http.js';
import { uploadForm } from './upload.js';

interface Received {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
  readonly xsrf: string | undefined;
  readonly body: string;
}

type Answer = (received: Received) => readonly [number, unknown];

const TOKEN = fakeJwt(2_000_000_000);
let server: Server;
let origin = '';
let received: Received[] = [];
let answers: Answer[] = [];

// jsdom's XMLHttpRequest checks CORS against the page's own origin: the portal answers it.
function allowPage(response: ServerResponse) {
  response.setHeader('access-control-allow-origin', '*');
  response.setHeader('access-control-allow-methods', 'POST, PUT');
  response.setHeader('access-control-allow-headers', 'authorization, x-xsrf-token, content-type');
}

async function answer(request: IncomingMessage, response: ServerResponse) {
  allowPage(response);
  if (request.method === 'OPTIONS') return response.writeHead(204).end();
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const entry: Received = {
    method: request.method ?? '',
    url: request.url ?? '',
    authorization: request.headers.authorization,
    xsrf: request.headers['x-xsrf-token'] as string | undefined,
    body: Buffer.concat(chunks).toString('utf8'),
  };
  received.push(entry);
  const next = answers.shift() ?? (() => [500, { status: 'error', message: 'unexpected' }]);
  const [status, body] = next(entry);
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
  answers = [];
  document.cookie = 'XSRF-TOKEN=nonce.signature';
  localStorage.setItem(StorageKeys.accessToken, TOKEN);
  // The calls go to the test server as the portal's own origin.
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { origin, assign: vi.fn() },
  });
});

afterEach(() => localStorage.clear());

function form(): FormData {
  const data = new FormData();
  data.set('name', 'Algo one');
  return data;
}

const unavailable: Answer = () => [503, { status: 'error', code: 'unavailable', message: 'busy' }];
const saved: Answer = () => [200, { status: 'success', message: 'ok', applicationId: 'a1' }];

describe('uploadForm, on the session client of http.ts', () => {
  it('retries a multipart PUT once after a 503, as decision 009 says, and reports progress', async () => {
    answers = [unavailable, saved];
    const progress: number[] = [];
    const result = await uploadForm<{ applicationId: string }>(
      'PUT',
      ApiPaths.app('a1'),
      form(),
      (fraction) => progress.push(fraction),
    );
    expect(result.applicationId).toBe('a1');
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual([
      `PUT ${ApiPaths.app('a1')}`,
      `PUT ${ApiPaths.app('a1')}`,
    ]);
    expect(received[1]?.body).toContain('Algo one');
    expect(received[1]?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(received[1]?.xsrf).toBe('nonce.signature');
    expect(progress.at(-1)).toBe(1);
  });

  it('does not repeat a POST, and fails with the code and message of the answer', async () => {
    answers = [unavailable, saved];
    const failure = await uploadForm('POST', ApiPaths.createApp, form()).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 503, code: 'unavailable', message: 'busy' });
    expect(received).toHaveLength(1);
  });
});
