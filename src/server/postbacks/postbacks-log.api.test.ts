import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTBACK_BODY_CUT_BYTES } from '../../contract/limits.js';
import { Messages } from '../../contract/messages.js';
import {
  PostbackEventResponseSchema,
  PostbackLimits,
  PostbackListResponseSchema,
  PostbackMessages,
  PostbackTestResponseSchema,
  TEST_EVENT_TYPE,
} from '../../contract/postbacks.js';
import {
  createApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { startHttpReceiver } from '../../../test/support/http-receiver.js';
import {
  startPostbackReceiver,
  type PostbackReceiver,
} from '../../../test/support/postback-receiver.js';
import {
  appPostingTo,
  eventRows,
  sendEvent,
  SERVICE_TOKEN_ENV,
} from '../../../test/support/postbacks.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { postbackMessageId } from './postback-signing.js';
import { AppSectionPaths } from '../../contract/app-section-paths.js';

const DB = process.env.TEST_DB ?? 'sqlite';

let t: TestApp;
let dev: SignedInDeveloper;
let other: SignedInDeveloper;
let receiver: PostbackReceiver;

beforeAll(async () => {
  t = await startTestApp({ env: SERVICE_TOKEN_ENV });
  dev = await signedInDeveloper(t);
  other = await signedInDeveloper(t);
  receiver = await startPostbackReceiver(t.clock);
});

afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function appWithEvents(count: number): Promise<string> {
  const id = await appPostingTo(t, dev.client, receiver);
  for (let n = 1; n <= count; n += 1) {
    await sendEvent(t, {
      applicationId: id,
      eventId: `evt-${String(n)}`,
      eventType: 'order.updated',
      payload: { n },
    });
  }
  return id;
}

describe(`GET ${AppSectionPaths.logPattern} (${DB})`, () => {
  it('lists the events newest first with their attempts, filtered by status', async () => {
    receiver.answers = [500];
    const id = await appWithEvents(2);
    await t.drainJobs();

    const res = await dev.client.json('GET', AppSectionPaths.log(id));

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = PostbackListResponseSchema.parse(res.body);
    expect(body.message).toBe(PostbackMessages.listed);
    const [second, first] = await eventRows(t, id).then((rows) => rows.reverse());
    expect(body.events.map((event) => event.eventId)).toEqual([second?.id, first?.id]);
    expect(body.events[1]).toMatchObject({
      eventType: 'order.updated',
      state: 'pending',
      isTest: false,
      attempts: 1,
      lastStatus: 500,
      nextAttemptAt: new Date(t.clock.now() + 5000).toISOString(),
      attemptsSummary: [{ number: 1, responseStatus: 500, error: null }],
    });
    expect(body.events[0]).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200 });

    const pending = await dev.client.json('GET', `${AppSectionPaths.log(id)}?status=pending`);
    expect(PostbackListResponseSchema.parse(pending.body).events.map((e) => e.eventId)).toEqual([
      first?.id,
    ]);
    const bad = await dev.client.json('GET', `${AppSectionPaths.log(id)}?status=lost`);
    expect(bad.status).toBe(400);
  });

  it('keeps only the newest 100 events of an application', async () => {
    const id = await appWithEvents(PostbackLimits.eventsKept + 2);
    const rows = await eventRows(t, id);
    expect(rows).toHaveLength(PostbackLimits.eventsKept);
    expect(rows[0]?.callerEventId).toBe('evt-3');
  });

  it('shows one event with the request and response of each attempt', async () => {
    const id = await appWithEvents(1);
    await t.drainJobs();
    const [row] = await eventRows(t, id);

    const res = await dev.client.json('GET', AppSectionPaths.event(id, row?.id ?? ''));

    expect(res.status).toBe(200);
    const { event } = PostbackEventResponseSchema.parse(res.body);
    expect(event.payload).toEqual({ n: 1 });
    expect(event.attemptsLog).toHaveLength(1);
    const [attempt] = event.attemptsLog;
    expect(attempt?.requestHeaders['webhook-id']).toBe(
      postbackMessageId(id, row?.callerEventId ?? ''),
    );
    expect(JSON.parse(attempt?.requestBody ?? '')).toMatchObject({ data: { n: 1 } });
    expect(attempt).toMatchObject({ responseStatus: 200, responseBody: 'answer 200' });
    expect(attempt?.responseHeaders['content-type']).toBe('text/plain');
  });

  it('answers 404 to another developer on every postback route', async () => {
    const id = await appWithEvents(1);
    const [row] = await eventRows(t, id);
    const eventId = row?.id ?? '';
    // Stepped up first: the calls run in parallel, and each guarded one would ask it.
    await other.client.stepUp();
    const calls = [
      other.client.json('GET', AppSectionPaths.log(id)),
      other.client.json('GET', AppSectionPaths.event(id, eventId)),
      other.client.json('POST', AppSectionPaths.replay(id, eventId)),
      other.client.json('POST', AppSectionPaths.test(id)),
      other.client.json('POST', AppSectionPaths.rollSecret(id), { json: { grace: 'now' } }),
      other.client.json('POST', AppSectionPaths.revealSecret(id), { json: {} }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        status: 'error',
        code: 'not_found',
        message: Messages.apps.notFound,
      });
    }
    const unknown = await dev.client.json('GET', AppSectionPaths.event(id, 'no-such-event'));
    expect(unknown.body).toEqual({
      status: 'error',
      code: 'not_found',
      message: PostbackMessages.eventNotFound,
    });
  });
});

describe(`POST ${AppSectionPaths.testPattern} (${DB})`, () => {
  it('sends a signed sample order update now and answers what the receiver said', async () => {
    const id = await appWithEvents(0);
    const received = receiver.received.length;

    const res = await dev.client.json('POST', AppSectionPaths.test(id));

    expect(res.status).toBe(200);
    const body = PostbackTestResponseSchema.parse(res.body);
    const [sent] = receiver.received.slice(received);
    expect(body).toMatchObject({
      status: 'success',
      message: PostbackMessages.tested,
      ok: true,
      responseStatus: 200,
      responseBody: 'answer 200',
      error: null,
      signatureHeaders: {
        'webhook-id': postbackMessageId(id, `test:${body.eventId}`),
        'webhook-timestamp': String(Math.floor(t.clock.now() / 1000)),
        'webhook-signature': sent?.headers['webhook-signature'],
      },
    });
    expect(body.latencyMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(sent?.body ?? '')).toMatchObject({
      type: TEST_EVENT_TYPE,
      data: { applicationId: id, status: 'COMPLETE' },
    });
    // Logged as a test event, delivered, and not queued for another try.
    const log = PostbackListResponseSchema.parse(
      (await dev.client.json('GET', AppSectionPaths.log(id))).body,
    );
    expect(log.events).toMatchObject([
      { eventId: body.eventId, isTest: true, state: 'delivered', attempts: 1 },
    ]);
    await t.drainJobs();
    expect(receiver.received).toHaveLength(received + 1);
  });

  it('answers the failure of a receiver that refuses, and 409 without a saved URL', async () => {
    const id = await appWithEvents(0);
    receiver.answers = [502];
    const res = await dev.client.json('POST', AppSectionPaths.test(id));
    expect(PostbackTestResponseSchema.parse(res.body)).toMatchObject({
      ok: false,
      responseStatus: 502,
      responseBody: 'answer 502',
    });

    const bare = await createApp(dev.client);
    const missing = await dev.client.json('POST', AppSectionPaths.test(bare));
    expect(missing.status).toBe(409);
    expect(missing.body).toEqual({
      status: 'error',
      code: 'postback_url_missing',
      message: PostbackMessages.noPostbackUrl,
    });
  });

  it('limits test sends per developer', async () => {
    const tester = await signedInDeveloper(t);
    const id = await appPostingTo(t, tester.client, receiver);
    for (let n = 0; n < PostbackLimits.testSends; n += 1) {
      expect((await tester.client.json('POST', AppSectionPaths.test(id))).status).toBe(200);
    }
    const refused = await tester.client.json('POST', AppSectionPaths.test(id));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(refused.headers.get('retry-after')).toBe('60');
  });
});

describe(`what the log and the test button keep of long bodies (${DB})`, () => {
  it('keeps the first 4 KB of the request and the answer, and shows 1 KB of a test answer', async () => {
    const talkative = await startHttpReceiver((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(10_000)),
    );
    try {
      const id = await createApp(dev.client, { postbackUrl: `${talkative.url}/postbacks` });
      const queued = await sendEvent(t, {
        applicationId: id,
        eventId: 'long-1',
        eventType: 'order.updated',
        payload: { note: 'y'.repeat(8000) },
      });
      expect(queued.status).toBe(202);
      await t.drainJobs();

      const res = await dev.client.json('GET', AppSectionPaths.event(id, String(queued.body.id)));
      const [attempt] = PostbackEventResponseSchema.parse(res.body).event.attemptsLog;
      const sent = talkative.received[0]?.body ?? '';
      expect(Buffer.byteLength(sent)).toBeGreaterThan(8000);
      expect(attempt?.requestBody).toBe(sent.slice(0, POSTBACK_BODY_CUT_BYTES));
      expect(attempt?.responseBody).toBe('x'.repeat(POSTBACK_BODY_CUT_BYTES));

      const tested = await dev.client.json('POST', AppSectionPaths.test(id));
      expect(PostbackTestResponseSchema.parse(tested.body)).toMatchObject({
        ok: true,
        responseBody: 'x'.repeat(PostbackLimits.testResponseBytes),
      });
    } finally {
      await talkative.close();
    }
  });
});
