import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InternalPaths } from '../../contract/api-paths.js';
import { signIn } from '../../../test/support/accounts.js';
import { createApp } from '../../../test/support/apps.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { startHttpReceiver, type HttpReceiver } from '../../../test/support/http-receiver.js';
import {
  startPortalChild,
  verifiedDeveloper,
  type PortalChild,
} from '../../../test/support/portal-child.js';
import { SERVICE_TOKEN, SERVICE_TOKEN_ENV } from '../../../test/support/postbacks.js';
import { createTestDatabase } from '../../../test/support/test-app.js';
import { postbackMessageId } from './postback-signing.js';

// "SIGKILL during a delivery burst loses no event (delivered after restart)",
// against the real entry point in a child process, on each database.

// tsx compiles the server at every start: on a loaded 2-core machine that takes a while.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const EVENTS = 150;
const INTAKE_CONCURRENCY = 8;
/** Deliveries the receiver has taken when the process is killed: the burst is under way. */
const KILL_AFTER = 20;
/**
 * The receiver answers this late, so deliveries are in flight when the kill comes and
 * acknowledged events wait behind them (an intake's 202 waits for its sync, a delivery's
 * claim does not: decision 035).
 */
const ANSWER_DELAY_MS = 100;

let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let receiver: HttpReceiver;
let portal: PortalChild | undefined;
/** Deliveries by `webhook-id` (one per event). */
let deliveries: Map<string, number>;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-postback-crash-'));
  database = await createTestDatabase(dataDir);
  deliveries = new Map();
  receiver = await startHttpReceiver((request, response) => {
    const id = String(request.headers['webhook-id']);
    deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    setTimeout(() => response.writeHead(200).end('ok'), ANSWER_DELAY_MS);
  });
});

afterEach(async () => {
  if (portal !== undefined && portal.child.exitCode === null) {
    portal.child.kill('SIGKILL');
    await portal.exit();
  }
  portal = undefined;
  await receiver.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

function portalEnv(): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    ...(database.options.databaseUrl === undefined
      ? {}
      : { DATABASE_URL: database.options.databaseUrl }),
    ...SERVICE_TOKEN_ENV,
    // A job claimed by the killed process is taken again once its lease runs out.
    JOBS_LEASE_MS: '1000',
    JOBS_POLL_INTERVAL_MS: '100',
  };
}

async function signedInClient(baseUrl: string): Promise<HttpClient> {
  const developer = await verifiedDeveloper(baseUrl);
  const client = new HttpClient(baseUrl);
  await client.prime();
  const res = await signIn(client, developer.email, developer.password);
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  client.bearer = res.body.user_status.AuthenticationResult.AccessToken;
  return client;
}

/** Sends every event, `INTAKE_CONCURRENCY` at once; adds the `webhook-id` of those answered 202. */
async function sendEvents(baseUrl: string, applicationId: string, accepted: string[]) {
  let next = 0;
  async function sender() {
    while (next < EVENTS) {
      const n = next;
      next += 1;
      try {
        const res = await fetch(`${baseUrl}${InternalPaths.postbacks}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${SERVICE_TOKEN}` },
          body: JSON.stringify({
            applicationId,
            eventId: `crash-${String(n)}`,
            eventType: 'order.updated',
            payload: { orderId: `ORD${String(n)}`, status: 'COMPLETE' },
          }),
        });
        // Read whole: an answer cut by the kill made no promise.
        await res.text();
        if (res.status === 202)
          accepted.push(postbackMessageId(applicationId, `crash-${String(n)}`));
      } catch {
        // The process was killed under this call: no answer, so no promise was made.
        return;
      }
    }
  }
  await Promise.all(Array.from({ length: INTAKE_CONCURRENCY }, sender));
}

async function until(isDone: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!isDone() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

describe(`postbacks across a crash (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('delivers every event answered 202 after a SIGKILL in the middle of a delivery burst', async () => {
    portal = await startPortalChild(portalEnv());
    const client = await signedInClient(portal.baseUrl);
    const applicationId = await createApp(client, { postbackUrl: `${receiver.url}/postbacks` });

    const accepted: string[] = [];
    const sending = sendEvents(portal.baseUrl, applicationId, accepted);
    await until(
      () => deliveries.size >= KILL_AFTER && accepted.some((id) => !deliveries.has(id)),
      30_000,
    );
    portal.child.kill('SIGKILL');
    await portal.exit();
    const deliveredAtKill = new Set(deliveries.keys());
    await sending;

    // The kill came while acknowledged events were still waiting or on their way.
    expect(deliveredAtKill.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(accepted.filter((id) => !deliveredAtKill.has(id)).length).toBeGreaterThan(0);

    portal = await startPortalChild(portalEnv());
    await until(() => accepted.every((id) => deliveries.has(id)), 60_000);
    expect(accepted.filter((id) => !deliveries.has(id))).toEqual([]);
  });
});
