import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { AuthResponse } from '../../contract/auth.js';
import { HttpClient } from '../../../test/support/http-client.js';
import {
  startPortalChild,
  verifiedDeveloper,
  type PortalChild,
} from '../../../test/support/portal-child.js';
import { createTestDatabase } from '../../../test/support/test-app.js';

// docs/product.md section 4 (Session end) on two instances: two processes of the real entry point on one
// PostgreSQL (and one data directory, so one set of embedded secrets). A session ended on
// one is refused by the other within a second. PostgreSQL only: embedded SQLite is one
// instance.

// Two Node processes start and migrate: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const WITHIN_MS = 1000;

let dataDir: string;
let drop: () => Promise<void>;
let first: PortalChild;
let second: PortalChild;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-ended-session-'));
  const database = await createTestDatabase(dataDir);
  drop = database.drop;
  const env = { DATA_DIR: dataDir, DATABASE_URL: database.options.databaseUrl ?? '' };
  first = await startPortalChild(env);
  second = await startPortalChild(env);
});

afterAll(async () => {
  for (const portal of [first, second]) {
    portal.child.kill('SIGTERM');
    await portal.exit();
  }
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function signInOn(baseUrl: string, email: string, password: string) {
  const client = new HttpClient(baseUrl);
  await client.prime();
  const res = await client.json<AuthResponse>('POST', ApiPaths.signin, {
    json: { email, password },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  client.bearer = res.body.user_status.AuthenticationResult.AccessToken;
  return client;
}

/** The same access token sent to another instance. */
function sameTokenOn(baseUrl: string, client: HttpClient) {
  const other = new HttpClient(baseUrl);
  other.bearer = client.bearer;
  return other;
}

async function appsStatus(client: HttpClient) {
  return (await client.json('GET', ApiPaths.apps)).status;
}

describe('ended sessions across two processes (postgres)', () => {
  it('the other instance refuses the signed-out session within 1 s of "sign out others"', async () => {
    const dev = await verifiedDeveloper(first.baseUrl);
    const here = await signInOn(first.baseUrl, dev.email, dev.password);
    const there = await signInOn(first.baseUrl, dev.email, dev.password);
    const thereOnSecond = sameTokenOn(second.baseUrl, there);
    expect(await appsStatus(thereOnSecond)).toBe(200);

    const signedOut = await here.json('POST', ApiPaths.signOutOtherSessions, { json: {} });
    const endedAt = Date.now();
    expect(signedOut.status).toBe(200);

    let status = await appsStatus(thereOnSecond);
    while (status !== 401 && Date.now() - endedAt < WITHIN_MS) {
      status = await appsStatus(thereOnSecond);
    }
    expect(status).toBe(401);
    expect(Date.now() - endedAt).toBeLessThan(WITHIN_MS);
    expect(await appsStatus(sameTokenOn(second.baseUrl, here))).toBe(200);
  });
});
