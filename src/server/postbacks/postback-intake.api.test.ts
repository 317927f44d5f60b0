import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InternalPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import { PostbackLimits, PostbackMessages } from '../../contract/postbacks.js';
import {
  createApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import {
  eventRows,
  sendEvent,
  SERVICE_TOKEN,
  SERVICE_TOKEN_ENV,
} from '../../../test/support/postbacks.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const DB = process.env.TEST_DB ?? 'sqlite';

let t: TestApp;
let dev: SignedInDeveloper;
const logLines: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: SERVICE_TOKEN_ENV, logLines });
  dev = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
});

function event(applicationId: string, eventId: string) {
  return {
    applicationId,
    eventId,
    eventType: 'order.updated',
    payload: { orderId: 'O-1', status: 'COMPLETE' },
  };
}

function deliveryJobs() {
  return t.db.kysely
    .selectFrom('jobs')
    .select(['payload'])
    .where('kind', '=', 'postback.deliver')
    .execute();
}

describe(`POST ${InternalPaths.postbacks} (${DB})`, () => {
  it('queues a new event (202) and answers the same event again with 200, queued once', async () => {
    const id = await createApp(dev.client);
    const jobsBefore = (await deliveryJobs()).length;

    const first = await sendEvent(t, event(id, 'evt-1'));
    expect(first.status).toBe(202);
    const [stored] = await eventRows(t, id);
    expect(first.body).toEqual({
      status: 'success',
      message: PostbackMessages.accepted,
      eventId: 'evt-1',
      id: stored?.id,
      state: 'pending',
    });
    expect(stored).toMatchObject({
      callerEventId: 'evt-1',
      type: 'order.updated',
      state: 'pending',
    });

    const again = await sendEvent(t, { ...event(id, 'evt-1'), payload: { other: true } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, message: PostbackMessages.duplicate });
    expect(await eventRows(t, id)).toHaveLength(1);
    const jobs = await deliveryJobs();
    expect(jobs).toHaveLength(jobsBefore + 1);
    expect(jobs.at(-1)?.payload).toBe(JSON.stringify({ eventId: stored?.id }));
  });

  it('answers a paused application with 202 "skipped" and stores or queues nothing', async () => {
    const id = await createApp(dev.client, { isActive: 'false' });
    const jobsBefore = (await deliveryJobs()).length;

    const res = await sendEvent(t, event(id, 'evt-paused'));

    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      status: 'success',
      message: PostbackMessages.skipped,
      eventId: 'evt-paused',
      id: null,
      state: 'skipped',
    });
    expect(await eventRows(t, id)).toEqual([]);
    expect(await deliveryJobs()).toHaveLength(jobsBefore);
  });

  it('answers an unknown application with 404 and its error code', async () => {
    const res = await sendEvent(t, event('no-such-app', 'evt-x'));
    expect(res).toEqual({
      status: 404,
      body: { status: 'error', code: 'not_found', message: Messages.apps.notFound },
    });
  });

  it('refuses a bad body with 400 and a payload over its limit with 413', async () => {
    const id = await createApp(dev.client);
    const res = await sendEvent(t, { applicationId: id, eventId: 'e', payload: {} });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', code: 'bad_request' });
    const notObject = await sendEvent(t, { ...event(id, 'e'), payload: [1, 2] });
    expect(notObject.status).toBe(400);
    const tooLarge = await sendEvent(t, {
      ...event(id, 'e'),
      payload: { text: 'x'.repeat(PostbackLimits.payloadMaxBytes) },
    });
    expect(tooLarge).toEqual({
      status: 413,
      body: {
        status: 'error',
        code: 'payload_too_large',
        message: PostbackMessages.payloadTooLarge,
      },
    });
    expect(await eventRows(t, id)).toEqual([]);
  });

  it('refuses a missing or wrong service token with 401 and never logs the token', async () => {
    const id = await createApp(dev.client);
    const wrongToken = 'wrong-service-token-that-must-not-be-logged';
    for (const token of [null, wrongToken, `${SERVICE_TOKEN}x`]) {
      const res = await sendEvent(t, event(id, 'evt-401'), token);
      expect(res).toEqual({
        status: 401,
        body: { status: 'error', code: 'unauthorized', message: PostbackMessages.badServiceToken },
      });
    }
    expect(await eventRows(t, id)).toEqual([]);
    await sendEvent(t, event(id, 'evt-logged'));
    const log = logLines.join('');
    expect(log).toContain(InternalPaths.postbacks);
    expect(log).not.toContain(wrongToken);
    expect(log).not.toContain(SERVICE_TOKEN);
  });
});

describe(`GET ${InternalPaths.openApi} (${DB})`, () => {
  it('answers an unknown internal path with a JSON 404, not a page', async () => {
    const res = await fetch(`${t.baseUrl}/internal/v1/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 'error', code: 'not_found' });
  });

  it('serves an OpenAPI 3.1 document naming the route, its security scheme and statuses', async () => {
    const res = await fetch(`${t.baseUrl}${InternalPaths.openApi}`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      security: Record<string, string[]>[];
      paths: Record<string, { post: { responses: Record<string, unknown>; requestBody: unknown } }>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.serviceToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.security).toEqual([{ serviceToken: [] }]);
    const post = doc.paths[InternalPaths.postbacks]?.post;
    expect(Object.keys(post?.responses ?? {}).sort()).toEqual([
      '200',
      '202',
      '400',
      '401',
      '404',
      '413',
    ]);
    expect(JSON.stringify(post?.requestBody)).toContain('"eventId"');
  });
});
