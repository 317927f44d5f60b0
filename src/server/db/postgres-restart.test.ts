import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { AuthResponse } from '../../contract/auth.js';
import {
  startEmbeddedPostgres,
  type RunningPostgres,
} from '../../../test/support/embedded-postgres-copy.js';
import { HttpClient } from '../../../test/support/http-client.js';
import {
  startPortalChild,
  verifiedDeveloper,
  type PortalChild,
} from '../../../test/support/portal-child.js';

// Faults (docs/reliability.md): PostgreSQL restarted under load. A PostgreSQL of this test's own (the
// shared one of the api-postgres project must not stop), the real entry point on it.

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let dataDir: string;
let postgres: RunningPostgres;
let portal: PortalChild;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-restart-data-'));
  postgres = await startEmbeddedPostgres();
  await postgres.createDatabase('portal');
  portal = await startPortalChild({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.urlOf('portal'),
  });
});

afterAll(async () => {
  if (portal.child.exitCode === null) {
    portal.child.kill('SIGTERM');
    await portal.exit();
  }
  await postgres.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function health(baseUrl: string) {
  const res = await fetch(`${baseUrl}/healthz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Keeps `workers` signed-in API calls going until stopped; answers their statuses. */
function keepCalling(client: HttpClient, workers: number) {
  let isRunning = true;
  const statuses: number[] = [];
  const loops = Array.from({ length: workers }, async () => {
    while (isRunning) {
      const res = await client.request('GET', ApiPaths.apps);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
  });
  return {
    statuses,
    async stop() {
      isRunning = false;
      await Promise.all(loops);
      return statuses;
    },
  };
}

describe('PostgreSQL restarted under load', () => {
  it('gives 503 on /healthz while it is gone, and recovers without a restart', async () => {
    const { baseUrl } = portal;
    const developer = await verifiedDeveloper(baseUrl);
    const client = new HttpClient(baseUrl);
    await client.prime();
    const signin = await client.json<AuthResponse>('POST', ApiPaths.signin, { json: developer });
    expect(signin.status).toBe(200);
    client.bearer = signin.body.user_status.AuthenticationResult.AccessToken;
    expect(await health(baseUrl)).toMatchObject({ status: 200 });

    const calls = keepCalling(client, 5);
    await postgres.stop();
    // Calls go on through the outage: connections lent out when it began break mid-use.
    const answeredBefore = calls.statuses.length;
    await vi.waitFor(() => expect(calls.statuses.length).toBeGreaterThan(answeredBefore + 100), {
      timeout: 30_000,
      interval: 50,
    });
    // The gateway state's freshness depends on when its last read failed (gateway-outage.test.ts).
    expect(await health(baseUrl)).toMatchObject({
      status: 503,
      body: {
        status: 'error',
        code: 'unavailable',
        message: 'database unavailable',
        database: 'down',
        load: 'normal',
      },
    });
    expect((await client.request('GET', ApiPaths.apps)).status).toBe(500);

    await postgres.start();
    await vi.waitFor(async () => expect((await health(baseUrl)).status).toBe(200), {
      timeout: 30_000,
      interval: 200,
    });
    const statuses = await calls.stop();

    expect((await client.json('GET', ApiPaths.apps)).status).toBe(200);
    const again = await client.json('POST', ApiPaths.signin, { json: developer });
    expect(again.status).toBe(200);
    expect(portal.child.exitCode).toBeNull();
    expect(new Set(statuses)).toEqual(new Set([200, 500]));
    expect(portal.output()).not.toMatch(/uncaught|unhandled/i);
  });
});
