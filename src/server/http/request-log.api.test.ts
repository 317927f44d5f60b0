import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { REQUEST_ID_HEADER } from './request-id.js';

// One log line per request (decision 060): at LOG_LEVEL info a request leaves one line, written
// when it is answered, that says what was asked, of whom, the answer and how long it took.

interface RequestLine {
  level: number;
  msg: string;
  reqId: string;
  req?: { method?: string; url?: string; remoteAddress?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

function linesOf(lines: string[], id: string): RequestLine[] {
  return lines.map((line) => JSON.parse(line) as RequestLine).filter((line) => line.reqId === id);
}

async function askHealth(t: TestApp): Promise<string> {
  const res = await new HttpClient(t.baseUrl).request('GET', '/healthz?token=secret-value');
  expect(res.status).toBe(200);
  return res.headers.get(REQUEST_ID_HEADER) ?? '';
}

describe('at LOG_LEVEL info', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ logLines: lines, env: { LOG_LEVEL: 'info' } });
  });
  afterAll(() => t.close());

  it('a request leaves one line: method, redacted url, address, status and time', async () => {
    const id = await askHealth(t);
    const own = linesOf(lines, id);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/healthz?token=%5Bredacted%5D', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(own[0]?.responseTime).toEqual(expect.any(Number));
  });

  it('a refused request says its status on its one line', async () => {
    const client = new HttpClient(t.baseUrl);
    await client.prime();
    const res = await client.request('POST', ApiPaths.signin, { json: {} });
    expect(res.status).toBe(400);
    const own = linesOf(lines, res.headers.get(REQUEST_ID_HEADER) ?? '');
    expect(own.filter((line) => line.msg === 'request completed')).toEqual([
      expect.objectContaining({
        res: { statusCode: 400 },
        req: expect.objectContaining({ method: 'POST', url: ApiPaths.signin }) as unknown,
      }),
    ]);
    expect(own.some((line) => line.msg === 'incoming request')).toBe(false);
  });
});

describe('at LOG_LEVEL debug', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ logLines: lines, env: { LOG_LEVEL: 'debug' } });
  });
  afterAll(() => t.close());

  it('the arrival is logged too, so a request that never ends can be found', async () => {
    const id = await askHealth(t);
    expect(linesOf(lines, id).map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });
});
