import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevPaths } from '../../contract/api-paths.js';
import { flowIdentity } from '../../../test/support/flow.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { DEV_LOOPBACK_ONLY } from './loopback-only.js';

// Embedded mode cannot be exposed by accident (decision 010): /dev mints hand-off tokens for
// any e-mail and shows every code, so only this computer may use it.

const REFUSED = { status: 'error', code: 'forbidden', message: DEV_LOOPBACK_ONLY };
const REMOTE = '198.51.100.7';

let t: TestApp;
let behindProxy: TestApp;
let open: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  behindProxy = await startTestApp({ env: { TRUST_PROXY: '1' } });
  open = await startTestApp({ env: { EMBEDDED_ALLOW_REMOTE: 'true' } });
});

afterAll(async () => {
  await Promise.all([t.close(), behindProxy.close(), open.close()]);
});

function flowForm() {
  const { client_code, name, email } = flowIdentity();
  return new URLSearchParams({ client_code, name, email }).toString();
}

describe(`/dev from other computers (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('answers a loopback client', async () => {
    const res = await new HttpClient(t.baseUrl).request('GET', DevPaths.mail);
    expect(res.status).toBe(200);
  });

  it.each([
    ['GET', DevPaths.mail],
    ['GET', DevPaths.mailMessages],
    ['GET', DevPaths.flow],
    ['POST', DevPaths.flow],
    ['POST', DevPaths.flowCode],
    ['GET', DevPaths.postbacks],
    ['GET', DevPaths.postbackRequests],
    ['POST', DevPaths.postbacks],
  ] as const)('refuses %s %s from a remote socket peer with 403', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: REMOTE,
      ...(method === 'POST'
        ? {
            payload: flowForm(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : {}),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(res.headers.location).toBeUndefined();
  });

  it('refuses a remote browser a local proxy forwards, whether TRUST_PROXY believes it or not', async () => {
    for (const app of [t, behindProxy]) {
      const client = new HttpClient(app.baseUrl);
      const mail = await client.json('GET', DevPaths.mailMessages, {
        headers: { 'x-forwarded-for': REMOTE },
      });
      expect(mail.status).toBe(403);
      expect(mail.body).toEqual(REFUSED);
      const flow = await client.request('POST', DevPaths.flow, {
        body: flowForm(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `127.0.0.1, ${REMOTE}`,
        },
      });
      expect(flow.status).toBe(403);
    }
  });

  it('answers a local browser a local proxy forwards', async () => {
    const res = await new HttpClient(behindProxy.baseUrl).request('GET', DevPaths.mail, {
      headers: { 'x-forwarded-for': '::1, 127.0.0.1' },
    });
    expect(res.status).toBe(200);
  });

  // DNS rebinding: a page at attacker.example whose name now points at 127.0.0.1 reaches
  // /dev from the developer's own browser, over loopback, under its own host name.
  it.each([
    'rebind.attacker.example',
    'rebind.attacker.example:8080',
    '198.51.100.7',
    'localhost.attacker.example',
  ])('refuses a loopback request for the host %s with 403', async (host) => {
    const res = await t.app.inject({ method: 'GET', url: DevPaths.mail, headers: { host } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
  });

  it.each(['localhost', 'localhost:8080', '127.0.0.1:8080', '127.1.2.3', '[::1]:8080'])(
    'answers a loopback request for the host %s',
    async (host) => {
      const res = await t.app.inject({ method: 'GET', url: DevPaths.mail, headers: { host } });
      expect(res.statusCode).toBe(200);
    },
  );

  it('answers any client with EMBEDDED_ALLOW_REMOTE=true', async () => {
    const res = await open.app.inject({
      method: 'GET',
      url: DevPaths.mail,
      remoteAddress: REMOTE,
    });
    expect(res.statusCode).toBe(200);
  });

  it('leaves the rest of the portal to remote clients', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: REMOTE });
    expect(res.statusCode).toBe(200);
  });
});
