import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { encodeRequest, sendRaw } from '../../../test/support/raw-http.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await startTestApp();
  port = Number(new URL(t.baseUrl).port);
});

afterAll(async () => {
  await t.close();
});

function send(headers: ReadonlyArray<readonly [string, string]>, target: string = ApiPaths.apps) {
  return sendRaw(port, encodeRequest({ method: 'GET', target, headers, body: Buffer.alloc(0) }));
}

describe(`requests the HTTP parser refuses (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('answers a header with a NUL byte 400 with the one error body', async () => {
    const answer = await send([['x-fuzz', 'a\u0000b']]);
    expect(answer?.status).toBe(400);
    expect(answer?.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer?.body.toString() ?? '')).toEqual({
      status: 'error',
      code: 'bad_request',
      message: 'The request could not be read.',
    });
  });

  it('answers headers past the size limit 431 with the one error body', async () => {
    const answer = await send([['x-fuzz', 'a'.repeat(20_000)]]);
    expect(answer?.status).toBe(431);
    expect(JSON.parse(answer?.body.toString() ?? '')).toEqual({
      status: 'error',
      code: 'headers_too_large',
      message: 'The request headers are too large.',
    });
  });

  it('answers an Expect it cannot meet 417 with the one error body', async () => {
    const answer = await send([['expect', 'teapot']]);
    expect(answer?.status).toBe(417);
    expect(JSON.parse(answer?.body.toString() ?? '')).toEqual({
      status: 'error',
      code: 'expectation_failed',
      message: 'The Expect header cannot be met.',
    });
  });

  it.each([
    [`${ApiPaths.createApp}/%zz`, 400, 'bad_request', 'The request could not be read.'],
    [ApiPaths.app('a'.repeat(150)), 414, 'uri_too_long', 'The request path is too long.'],
  ])('answers the path %s %i with the one error body', async (target, status, code, message) => {
    const answer = await send([], target);
    expect(answer?.status).toBe(status);
    expect(JSON.parse(answer?.body.toString() ?? '')).toEqual({ status: 'error', code, message });
  });
});
