import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { primedClient } from '../../../test/support/accounts.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { REQUEST_ID_HEADER } from './request-id.js';

let t: TestApp;
const engine = process.env.TEST_DB ?? 'sqlite';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

describe(`request ids (${engine})`, () => {
  it.each([
    ['a page', 'GET', '/login'],
    ['an unknown API path', 'GET', '/api/v1/nothing'],
    ['an API call without a token', 'GET', ApiPaths.apps],
    ['the health check', 'GET', '/healthz'],
    ['a refused unsafe call', 'POST', ApiPaths.signin],
  ])('are on every answer: %s', async (_name, method, path) => {
    const res = await fetch(t.baseUrl + path, { method });
    expect(res.headers.get(REQUEST_ID_HEADER)).toMatch(UUID);
  });

  it('differ between requests and are never taken from the client', async () => {
    const client = await primedClient(t);
    const sent = 'ticket-1234';
    const first = await client.request('GET', '/healthz', {
      headers: { [REQUEST_ID_HEADER]: sent },
    });
    const second = await client.request('POST', ApiPaths.signin, {
      json: { email: 'x' },
      headers: { [REQUEST_ID_HEADER]: sent },
    });
    expect(second.status).toBe(400);
    const ids = [first, second].map((res) => res.headers.get(REQUEST_ID_HEADER));
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
