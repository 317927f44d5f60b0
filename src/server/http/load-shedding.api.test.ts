import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { GENERIC_SERVER_ERROR } from './error-handler.js';
import { REQUEST_ID_HEADER } from './request-id.js';

// @fastify/under-pressure samples the process once a second; these tests set a limit the
// process is sure to pass and wait for the sample that sees it.

const engine = process.env.TEST_DB ?? 'sqlite';
vi.setConfig({ testTimeout: 30_000 });
let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

const SHED_BODY = { status: 'error', code: 'unavailable', message: GENERIC_SERVER_ERROR };
const SHEDDING_HEALTH = {
  status: 'error',
  code: 'unavailable',
  message: 'shedding load',
  database: 'up',
  load: 'shedding',
  gateway: { state: 'fresh', ageSeconds: 0 },
};

/** Blocks this thread (and the server in it) without burning a core. */
function blockEventLoop(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The first 503 of the list route, asked every `interval` ms for up to `timeout` ms. */
function firstShed(baseUrl: string, wait: { timeout: number; interval: number }) {
  return vi.waitFor(async () => {
    const res = await fetch(baseUrl + ApiPaths.apps);
    expect(res.status).toBe(503);
    return res;
  }, wait);
}

describe(`load shedding (${engine})`, () => {
  it('answers 503 with Retry-After past the heap limit, and /healthz says so', async () => {
    t = await startTestApp({ env: { SHED_HEAP_USED_MB: '1', SHED_RETRY_SECONDS: '7' } });
    const { baseUrl } = t;
    const shed = await firstShed(baseUrl, { timeout: 10_000, interval: 100 });
    expect(shed.headers.get('retry-after')).toBe('7');
    expect(shed.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await shed.json()).toEqual(SHED_BODY);

    const page = await fetch(`${baseUrl}/login`);
    expect(page.status).toBe(503);

    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('7');
    expect(await health.json()).toEqual(SHEDDING_HEALTH);
  });

  it('answers 503 while the event loop stalls past its limit, then recovers', async () => {
    t = await startTestApp({ env: { SHED_LOOP_DELAY_MS: '10' } });
    const { baseUrl } = t;
    // Stalls of 150 ms every 200 ms hold the mean delay of every sample far past the limit,
    // so the pressure lasts as long as they do, however late the sampler's timer runs; a
    // single stall sheds only for the one second between two samples, which a loaded
    // machine can miss.
    const stalls = setInterval(() => blockEventLoop(150), 200);
    try {
      const shed = await firstShed(baseUrl, { timeout: 15_000, interval: 50 });
      expect(shed.headers.get('retry-after')).toBe('10');
      const health = await fetch(`${baseUrl}/healthz`);
      expect(await health.json()).toEqual(SHEDDING_HEALTH);
    } finally {
      clearInterval(stalls);
    }

    await vi.waitFor(
      async () => {
        const res = await fetch(`${baseUrl}/healthz`);
        expect(res.status).toBe(200);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect((await fetch(baseUrl + ApiPaths.apps)).status).toBe(401);
  });

  it('leaves the server alone under the default limits', async () => {
    t = await startTestApp();
    const health = await fetch(`${t.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ load: 'normal' });
  });
});
