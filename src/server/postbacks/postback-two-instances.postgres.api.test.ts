import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, signedInDeveloper } from '../../../test/support/apps.js';
import { startBalancedPair, type BalancedPair } from '../../../test/support/balanced-pair.js';
import { startHttpReceiver, type HttpReceiver } from '../../../test/support/http-receiver.js';
import { sendEvent, SERVICE_TOKEN_ENV } from '../../../test/support/postbacks.js';
import { TestClock, type TestApp } from '../../../test/support/test-app.js';
import { postbackMessageId } from './postback-signing.js';

// "two instances never deliver one attempt twice at the same time". Two portal
// instances on one PostgreSQL run their delivery loops side by side over one burst of
// events; the receiver sees each event once. (PostgreSQL only: embedded SQLite is one
// instance.)

const EVENTS = 200;
/** Delivery loops per instance, as JOBS_CONCURRENCY runs them. */
const LOOPS = 4;

let pair: BalancedPair;
let receiver: HttpReceiver;
/** Deliveries by `webhook-id` (one per event), and how many ran at once for it. */
const deliveries = new Map<string, number>();
const inFlight = new Map<string, number>();
let mostAtOnce = 0;

beforeAll(async () => {
  pair = await startBalancedPair(SERVICE_TOKEN_ENV, new TestClock());
  receiver = await startHttpReceiver((request, response) => {
    const id = String(request.headers['webhook-id']);
    deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    const now = (inFlight.get(id) ?? 0) + 1;
    inFlight.set(id, now);
    mostAtOnce = Math.max(mostAtOnce, now);
    setTimeout(() => {
      inFlight.set(id, (inFlight.get(id) ?? 1) - 1);
      response.writeHead(200).end('ok');
    }, 2);
  });
}, 60_000);

afterAll(async () => {
  await receiver.close();
  await pair.close();
});

async function queue(t: TestApp, applicationId: string, n: number): Promise<string> {
  const res = await sendEvent(t, {
    applicationId,
    eventId: `pair-${String(n)}`,
    eventType: 'order.updated',
    payload: { orderId: `ORD${String(n)}`, status: 'OPEN' },
  });
  expect(res.status).toBe(202);
  return postbackMessageId(applicationId, `pair-${String(n)}`);
}

describe('postbacks on two instances (postgres)', () => {
  it('deliver each queued event once when both instances run their delivery loops at once', async () => {
    const dev = await signedInDeveloper(pair.first);
    const applicationId = await createApp(dev.client, { postbackUrl: `${receiver.url}/postbacks` });
    const ids: string[] = [];
    for (let n = 0; n < EVENTS; n += 1) {
      ids.push(await queue(n % 2 === 0 ? pair.first : pair.second, applicationId, n));
    }

    await Promise.all(
      [pair.first, pair.second].flatMap((t) => Array.from({ length: LOOPS }, () => t.drainJobs())),
    );

    expect([...deliveries.keys()].sort()).toEqual([...ids].sort());
    expect([...deliveries.values()].filter((count) => count !== 1)).toEqual([]);
    expect(mostAtOnce).toBe(1);
    // 200 intakes and deliveries over HTTP on one loaded machine: near 20 s at times.
  }, 60_000);
});
