import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevPaths } from '../../contract/api-paths.js';
import { POSTBACK_TIMEOUT_MS } from '../../contract/limits.js';
import { Messages } from '../../contract/messages.js';
import {
  appRow,
  createApp,
  postApp,
  appFields,
  signedInDeveloper,
} from '../../../test/support/apps.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { createPostbackSender } from '../postbacks/outbound/send-postback.js';

interface Listed {
  id: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: string;
}

let t: TestApp;
let receiverUrl: string;

beforeAll(async () => {
  // LOCAL_TEST_HOST as a newcomer has it: unset, so the host of PUBLIC_URL (localhost).
  t = await startTestApp({ env: { LOCAL_TEST_HOST: '' } });
  receiverUrl = `http://localhost:${new URL(t.baseUrl).port}${DevPaths.postbacks}`;
});

afterAll(async () => {
  await t.close();
});

function listed() {
  return new HttpClient(t.baseUrl).json<Listed[]>('GET', DevPaths.postbackRequests);
}

describe(`the embedded postback receiver (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('records what the portal sends it and shows it newest first, as JSON and as a page', async () => {
    expect(t.config.brand.postbackLocalTestHost).toBe('localhost');
    const sender = createPostbackSender({
      timeoutMs: POSTBACK_TIMEOUT_MS,
      localTestHost: t.config.brand.postbackLocalTestHost,
    });
    const first = JSON.stringify({ type: 'order.updated', note: '<script>alert(1)</script>' });
    const second = JSON.stringify({ type: 'order.updated', n: 2 });
    const sent = await sender.send({
      url: receiverUrl,
      headers: { 'webhook-id': 'msg_first', 'webhook-signature': 'v1,c2lnbmF0dXJl' },
      body: first,
    });
    expect(sent).toMatchObject({ ok: true, status: 200, responseBody: '{"status":"ok"}' });
    t.clock.advance(1000);
    await sender.send({
      url: `${receiverUrl}?try=2`,
      headers: { 'webhook-id': 'msg_second' },
      body: second,
    });

    const res = await listed();
    expect(res.status).toBe(200);
    const [newest, older] = res.body;
    expect(newest).toMatchObject({
      method: 'POST',
      url: `${DevPaths.postbacks}?try=2`,
      body: second,
      receivedAt: new Date(t.clock.now()).toISOString(),
    });
    expect(newest?.headers['webhook-id']).toBe('msg_second');
    expect(older).toMatchObject({ body: first, url: DevPaths.postbacks });
    expect(older?.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'msg_first',
      'webhook-signature': 'v1,c2lnbmF0dXJl',
    });

    const page = await new HttpClient(t.baseUrl).request('GET', DevPaths.postbacks);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('webhook-signature: v1,c2lnbmF0dXJl');
    expect(html.indexOf('msg_second')).toBeLessThan(html.indexOf('msg_first'));
  });

  it('keeps the last 100 postbacks', async () => {
    for (let n = 1; n <= 101; n += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: DevPaths.postbacks,
        headers: { 'content-type': 'text/plain' },
        payload: `burst ${n}`,
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await listed();
    expect(res.body).toHaveLength(100);
    expect(res.body[0]?.body).toBe('burst 101');
    expect(res.body[99]?.body).toBe('burst 2');
  });

  it("accepts its own URL as an application's postback URL in embedded mode", async () => {
    const dev = await signedInDeveloper(t);
    const url = `${t.config.publicUrl}${DevPaths.postbacks}`;
    const id = await createApp(dev.client, { postbackUrl: url });
    expect((await appRow(t, id))?.postbackUrl).toBe(url);
    const elsewhere = await postApp(
      dev.client,
      appFields({ postbackUrl: 'http://example.com/pb' }),
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe(Messages.app.postbackUrlInvalid);
  });
});
