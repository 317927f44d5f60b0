import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { InternalPaths } from '../../contract/api-paths.js';
import { PostbackLimits } from '../../contract/postbacks.js';
import { createApp } from '../../../test/support/apps.js';
import { startHttpReceiver, type HttpReceiver } from '../../../test/support/http-receiver.js';
import { signedInDeveloperAt } from '../../../test/support/portal-child.js';
import { SERVICE_TOKEN, SERVICE_TOKEN_ENV } from '../../../test/support/postbacks.js';
import { startProcessPair, type ProcessPair } from '../../../test/support/process-pair.js';
import { postbackMessageId } from './postback-signing.js';
import { AppSectionPaths } from '../../contract/app-section-paths.js';

// "two instances never deliver one attempt twice at the same time". Two portal processes
// on one PostgreSQL, each with its own job workers, deliver one burst of events sent to
// both through the balancer; the receiver sees each event once, signed. (PostgreSQL only:
// embedded SQLite is one instance.)

// Two processes start and migrate, then deliver 200 events: 30 s to 100 s on a loaded 2-core machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const EVENTS = 200;
/** Ends the wait for the burst: far beyond what 200 deliveries take on a loaded machine. */
const DELIVERED_WITHIN_MS = 60_000;

let pair: ProcessPair;
let receiver: HttpReceiver;
/** Deliveries by `webhook-id` (one per event), and how many ran at once for it. */
const deliveries = new Map<string, number>();
const inFlight = new Map<string, number>();
let mostAtOnce = 0;

beforeAll(async () => {
  pair = await startProcessPair({
    ...SERVICE_TOKEN_ENV,
    JOBS_CONCURRENCY: '4',
    JOBS_POLL_INTERVAL_MS: '50',
  });
  receiver = await startHttpReceiver((request, response) => {
    const id = String(request.headers['webhook-id']);
    deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    const now = (inFlight.get(id) ?? 0) + 1;
    inFlight.set(id, now);
    mostAtOnce = Math.max(mostAtOnce, now);
    setTimeout(() => {
      inFlight.set(id, (inFlight.get(id) ?? 1) - 1);
      response.writeHead(200).end('ok');
    }, 5);
  });
});

afterAll(async () => {
  await receiver.close();
  await pair.close();
});

async function queue(applicationId: string, n: number): Promise<string> {
  const res = await fetch(`${pair.proxy.baseUrl}${InternalPaths.postbacks}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SERVICE_TOKEN}` },
    body: JSON.stringify({
      applicationId,
      eventId: `pair-${String(n)}`,
      eventType: 'order.updated',
      payload: { orderId: `ORD${String(n)}`, status: 'OPEN' },
    }),
  });
  expect(res.status).toBe(202);
  return postbackMessageId(applicationId, `pair-${String(n)}`);
}

/** The application's signing secret, rolled and revealed over HTTP as its developer would. */
async function signingSecret(dev: Awaited<ReturnType<typeof signedInDeveloperAt>>, id: string) {
  const roll = await dev.client.json('POST', AppSectionPaths.rollSecret(id), {
    json: { grace: 'now' },
  });
  expect(roll.status).toBe(200);
  const reveal = await dev.client.json<{ secrets: { secret: string }[] }>(
    'POST',
    AppSectionPaths.revealSecret(id),
    { json: {} },
  );
  expect(reveal.status).toBe(200);
  return reveal.body.secrets[0]?.secret ?? '';
}

/** Samples which processes hold postback delivery leases until `stop` is called. */
function leaseHolders() {
  const pids = new Set<string>();
  const sampler = { isRunning: true };
  const sampling = (async () => {
    while (sampler.isRunning) {
      const rows = await pair.db.kysely
        .selectFrom('jobs')
        .select('lockedBy')
        .where('kind', '=', 'postback.deliver')
        .where('lockedBy', 'is not', null)
        .execute();
      // The holder is `host:pid:random:claim` (job-worker.ts).
      for (const row of rows) pids.add(String(row.lockedBy).split(':')[1] ?? '');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async () => {
    sampler.isRunning = false;
    await sampling;
    return pids;
  };
}

async function until(isDone: () => boolean): Promise<void> {
  const deadline = Date.now() + DELIVERED_WITHIN_MS;
  while (!isDone() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('postbacks on two instance processes (postgres)', () => {
  it('deliver each event once, signed, with both processes delivering part of the burst', async () => {
    const dev = await signedInDeveloperAt(pair.proxy.baseUrl);
    const applicationId = await createApp(dev.client, {
      postbackUrl: `${receiver.url}/postbacks`,
    });
    const secret = await signingSecret(dev, applicationId);
    const stopSampling = leaseHolders();
    const ids: string[] = [];
    for (let n = 0; n < EVENTS; n += 1) ids.push(await queue(applicationId, n));

    await until(() => deliveries.size === EVENTS && [...inFlight.values()].every((c) => c === 0));
    const holders = await stopSampling();

    expect([...deliveries.keys()].sort()).toEqual([...ids].sort());
    expect([...deliveries.values()].filter((count) => count !== 1)).toEqual([]);
    expect(mostAtOnce).toBe(1);
    const unsigned = receiver.received.filter((delivery) => {
      try {
        new Webhook(secret).verify(delivery.body, {
          'webhook-id': String(delivery.headers['webhook-id']),
          'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
          'webhook-signature': String(delivery.headers['webhook-signature']),
        });
        return false;
      } catch {
        return true;
      }
    });
    expect(unsigned).toEqual([]);
    expect([...holders].sort()).toEqual(
      [String(pair.first.child.pid), String(pair.second.child.pid)].sort(),
    );
    const events = await pair.db.kysely
      .selectFrom('postbackEvents')
      .select(['state', 'attempts'])
      .where('applicationId', '=', applicationId)
      .execute();
    // The log keeps the newest events only.
    expect(events).toHaveLength(PostbackLimits.eventsKept);
    expect(events.filter((row) => row.state !== 'delivered' || row.attempts !== 1)).toEqual([]);
  });
});
