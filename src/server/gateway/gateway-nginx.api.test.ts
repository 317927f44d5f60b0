import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { freePort } from '../../../test/support/free-port.js';
import { askGateway, askUntil } from '../../../test/support/gateway.js';
import { startHttpReceiver, type HttpReceiver } from '../../../test/support/http-receiver.js';
import { currentKeyOf } from '../../../test/support/keys.js';
import { startNginx, type RunningNginx } from '../../../test/support/nginx.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const engine = process.env.TEST_DB ?? 'sqlite';
const GATEWAY_TOKEN = 'nginx-gateway-token-0123456789abcdef-0123';

let t: TestApp;
let dev: SignedInDeveloper;
let tradingApi: HttpReceiver;
let nginx: RunningNginx;

beforeAll(async () => {
  t = await startTestApp({
    env: { GATEWAY_PORT: String(await freePort()), GATEWAY_TOKEN, GATEWAY_REFRESH_MS: '20' },
  });
  dev = await signedInDeveloper(t);
  tradingApi = await startHttpReceiver();
  nginx = await startNginx({
    tradingApi: new URL(tradingApi.url).host,
    check: `127.0.0.1:${String(t.config.gateway.port)}`,
    gatewayToken: GATEWAY_TOKEN,
  });
});

afterAll(async () => {
  await nginx.stop();
  await tradingApi.close();
  await t.close();
});

/** A trading call through NGINX, from `callerIp` as the load balancer in front says. */
function trade(key: string, callerIp: string, extra: Record<string, string> = {}) {
  return fetch(`${nginx.url}/orders/regular`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'x-forwarded-for': callerIp, ...extra },
    body: 'quantity=1',
  });
}

describe(`NGINX auth_request in front of a trading API (${engine})`, () => {
  it('passes an allowed call with the portal headers and refuses the others with the reason', async () => {
    const id = await createApp(dev.client, { ipRecords: '203.0.113.30', algo_id: 'algo-30' });
    const key = await currentKeyOf(t, id);
    await askUntil(
      () =>
        askGateway(t, {
          'x-gateway-token': GATEWAY_TOKEN,
          'x-api-key': key,
          'x-real-ip': '203.0.113.30',
        }),
      (a) => a.status === 200,
      1000,
    );

    const allowed = await trade(key, '203.0.113.30', { 'x-application-id': 'forged' });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toBe('ok');
    expect(tradingApi.received).toHaveLength(1);
    const [seen] = tradingApi.received;
    expect(seen?.path).toBe('/orders/regular');
    expect(seen?.body).toBe('quantity=1');
    expect(seen?.headers['x-application-id']).toBe(id);
    expect(seen?.headers['x-developer-id']).toBe(dev.id);
    expect(seen?.headers['x-algo-id']).toBe('algo-30');

    const wrongAddress = await trade(key, '198.51.100.7');
    expect(wrongAddress.status).toBe(403);
    expect(wrongAddress.headers.get('x-deny-reason')).toBe('address_not_allowed');
    expect(await wrongAddress.json()).toEqual({ status: 'error', code: 'address_not_allowed' });

    const unknownKey = await trade('not-a-key', '203.0.113.30');
    expect(unknownKey.status).toBe(401);
    expect(unknownKey.headers.get('x-deny-reason')).toBe('key_unknown');
    expect(tradingApi.received).toHaveLength(1);
  });
});
