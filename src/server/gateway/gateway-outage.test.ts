import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiPaths, InternalPaths } from '../../contract/api-paths.js';
import type { RollKeyResponse } from '../../contract/keys.js';
import { createApp } from '../../../test/support/apps.js';
import { freePort } from '../../../test/support/free-port.js';
import {
  startPortalOnOwnPostgres,
  type PortalOnOwnPostgres,
} from '../../../test/support/own-postgres-portal.js';
import { signedInDeveloperAt, type PortalChild } from '../../../test/support/portal-child.js';

// docs/gateway.md, "When the database is away": PostgreSQL stopped while the check is
// asked without pause. A PostgreSQL of this test's own (the shared one must not stop).

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const STALE_MAX_S = 5;
const IP = '203.0.113.60';

let own: PortalOnOwnPostgres;
let portal: PortalChild;
let checkUrl: string;
let metricsUrl: string;

beforeAll(async () => {
  const gatewayPort = await freePort();
  const metricsPort = await freePort();
  own = await startPortalOnOwnPostgres({
    GATEWAY_PORT: String(gatewayPort),
    GATEWAY_STALE_MAX_S: String(STALE_MAX_S),
    // The change log read every 500 ms on PostgreSQL (the safety net behind NOTIFY).
    GATEWAY_REFRESH_MS: '100',
    METRICS_PORT: String(metricsPort),
  });
  portal = own.portal;
  checkUrl = `http://127.0.0.1:${String(gatewayPort)}${InternalPaths.gatewayCheck}`;
  metricsUrl = `http://127.0.0.1:${String(metricsPort)}/metrics`;
});

afterAll(async () => {
  await own.close();
});

async function health() {
  const res = await fetch(`${portal.baseUrl}/healthz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function stateAgeGauge() {
  const text = await (await fetch(metricsUrl)).text();
  return Number(/^portal_gateway_state_age_seconds (\d+)$/m.exec(text)?.[1]);
}

/** An application allowed from IP, and its key (the roll answers the new key whole). */
async function allowedKey() {
  const { client } = await signedInDeveloperAt(portal.baseUrl);
  const id = await createApp(client, { ipRecords: IP });
  const roll = await client.json<RollKeyResponse>('POST', ApiPaths.rollKey(id), {
    json: { grace: 'now' },
  });
  expect(roll.status).toBe(200);
  return roll.body.secret;
}

interface Answer {
  readonly at: number;
  readonly status: number;
  readonly stale: string | null;
}

/** Asks the check with `key` until stopped; every answer with when it came. */
function keepAsking(key: string) {
  let isRunning = true;
  const answers: Answer[] = [];
  const askAll = async () => {
    while (isRunning) {
      const res = await fetch(checkUrl, { headers: { 'x-api-key': key, 'x-real-ip': IP } });
      await res.arrayBuffer();
      answers.push({
        at: performance.now(),
        status: res.status,
        stale: res.headers.get('x-gateway-stale'),
      });
    }
  };
  const loop = askAll();
  return {
    answers,
    async stop() {
      isRunning = false;
      await loop;
    },
  };
}

describe('the gateway check while PostgreSQL is away', () => {
  it('answers from its last state with the stale header, then 503, and recovers', async () => {
    const key = await allowedKey();
    await vi.waitFor(
      async () => {
        const res = await fetch(checkUrl, { headers: { 'x-api-key': key, 'x-real-ip': IP } });
        expect(res.status).toBe(200);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect((await health()).body).toMatchObject({ gateway: { state: 'fresh' } });

    const calls = keepAsking(key);
    // PostgreSQL answers for a while after it is asked to stop: the outage starts here at most.
    const stoppedAt = performance.now();
    await own.postgres.stop();
    await vi.waitFor(() => expect(calls.answers.at(-1)?.status).toBe(503), {
      timeout: 30_000,
      interval: 50,
    });
    expect(await health()).toMatchObject({
      status: 503,
      body: { database: 'down', gateway: { state: 'expired' } },
    });
    expect(await stateAgeGauge()).toBeGreaterThanOrEqual(STALE_MAX_S);

    await own.postgres.start();
    await vi.waitFor(
      () => {
        const last = calls.answers.at(-1);
        expect(last).toMatchObject({ status: 200, stale: null });
      },
      { timeout: 30_000, interval: 100 },
    );
    await calls.stop();
    await vi.waitFor(
      async () =>
        expect(await health()).toMatchObject({
          status: 200,
          body: { gateway: { state: 'fresh' } },
        }),
      { timeout: 10_000, interval: 200 },
    );

    const during = calls.answers.filter((answer) => answer.at > stoppedAt);
    const firstStale = during.find((answer) => answer.stale !== null);
    const first503 = during.find((answer) => answer.status === 503);
    expect(firstStale?.status).toBe(200);
    // Every answer before the first 503 is 200: fresh, then stale with the header.
    const before503 = during.filter((answer) => first503 !== undefined && answer.at < first503.at);
    expect(new Set(before503.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(before503.filter((answer) => answer.stale !== null).length).toBeGreaterThan(10);
    // The last good read was at most one interval (500 ms on PostgreSQL) before the stop was
    // asked, and its timer may run late on a loaded machine: a second of slack in all.
    expect((first503?.at ?? 0) - stoppedAt).toBeGreaterThanOrEqual(STALE_MAX_S * 1000 - 1000);
    expect(Number(firstStale?.stale)).toBeLessThan(STALE_MAX_S);
    expect(Number(first503?.stale)).toBeGreaterThanOrEqual(STALE_MAX_S);
    expect(portal.child.exitCode).toBeNull();
  });
});
