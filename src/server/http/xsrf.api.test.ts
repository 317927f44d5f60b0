import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { XsrfCookies } from '../../contract/xsrf.js';
import { developerRow, signupBody } from '../../../test/support/accounts.js';
import { createApp, iconField, signedInDeveloper } from '../../../test/support/apps.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { XSRF_COOKIE, XSRF_REJECTED } from './xsrf.js';

const ASSET = '/assets/main-1a2b3c.js';

let t: TestApp;
let tls: TestApp;

beforeAll(async () => {
  t = await startTestApp({ webFiles: { [ASSET.slice(1)]: 'export {};\n' } });
  // Behind a TLS-terminating balancer on loopback: X-Forwarded-Proto says https.
  tls = await startTestApp({ env: { TRUST_PROXY: '1' } });
});

afterAll(async () => {
  await Promise.all([t.close(), tls.close()]);
});

const HTTPS = { 'x-forwarded-proto': 'https' };

/** The XSRF-TOKEN values a response sets. */
function xsrfSet(res: Response): string[] {
  return res.headers.getSetCookie().filter((line) => line.startsWith(`${XSRF_COOKIE}=`));
}

describe('the anti-forgery cookie is issued', () => {
  it.each(['/', '/login', '/no/such/page'])(
    'on the page %s when the client has none',
    async (path) => {
      const res = await new HttpClient(t.baseUrl).request('GET', path);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(xsrfSet(res)).toEqual([
        expect.stringMatching(
          new RegExp(`^${XSRF_COOKIE}=[\\w-]+\\.[\\w-]+; Path=/; SameSite=Strict$`),
        ),
      ]);
    },
  );

  it('on a page when the cookie is stale (signed with another secret)', async () => {
    const client = new HttpClient(t.baseUrl);
    client.setCookie(XSRF_COOKIE, 'nonce.c2lnbmVkLWVsc2V3aGVyZQ');
    const res = await client.request('GET', '/');
    expect(xsrfSet(res)).toHaveLength(1);
    expect(client.cookie(XSRF_COOKIE)).not.toBe('nonce.c2lnbmVkLWVsc2V3aGVyZQ');
  });

  it('not again on a page while the client holds a valid one', async () => {
    const client = new HttpClient(t.baseUrl);
    await client.prime();
    expect(xsrfSet(await client.request('GET', '/login'))).toEqual([]);
  });
});

describe('the anti-forgery cookie is never set', () => {
  it.each([
    ['a built asset', ASSET],
    ['/healthz', '/healthz'],
    ['an API read without a session', ApiPaths.apps],
    ['an unknown API path', '/api/v1/nothing'],
  ])('on %s', async (_name, path) => {
    const res = await new HttpClient(t.baseUrl).request('GET', path);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('on a signed-in API read or an uploaded icon', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client, iconField());
    const fresh = new HttpClient(t.baseUrl);
    fresh.bearer = dev.client.bearer;
    const read = await fresh.request('GET', ApiPaths.app(id));
    expect(read.status).toBe(200);
    expect(read.headers.getSetCookie()).toEqual([]);
    const { logoUrl } = (await read.json()) as { logoUrl: string };
    const icon = await new HttpClient(t.baseUrl).request('GET', logoUrl);
    expect(icon.status).toBe(200);
    expect(icon.headers.getSetCookie()).toEqual([]);
  });
});

describe('a write without a valid cookie', () => {
  it('is refused with 403 and a fresh cookie, with which the same write passes', async () => {
    const client = new HttpClient(t.baseUrl);
    const refused = await client.json('POST', '/api/v1/nothing', { json: {} });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ status: 'error', code: 'forbidden', message: XSRF_REJECTED });
    expect(client.cookie(XSRF_COOKIE)).toMatch(/^[\w-]+\.[\w-]+$/);
    const replayed = await client.json('POST', '/api/v1/nothing', { json: {} });
    expect(replayed.status).toBe(404);
  });

  it('keeps a valid cookie when only the header is wrong', async () => {
    const client = new HttpClient(t.baseUrl);
    await client.prime();
    const res = await client.request('POST', '/api/v1/nothing', { json: {}, xsrf: false });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe(`the check sees the path the router sees (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it.each(['/%61pi/v1', '/%61%70%69/v1', '/api/%761'])(
    'refuses a write to %s/... without the header, and runs nothing',
    async (prefix) => {
      const client = new HttpClient(t.baseUrl);
      await client.prime();
      const body = signupBody();
      const path = ApiPaths.signup.replace('/api/v1', prefix);
      const res = await client.json('POST', path, { json: body, xsrf: false });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ status: 'error', code: 'forbidden', message: XSRF_REJECTED });
      expect(await developerRow(t, body.email)).toBeUndefined();
      const withHeader = await client.json('POST', path, { json: body });
      expect(withHeader.status).toBe(201);
    },
  );
});

describe('over https the cookie is __Host-XSRF-TOKEN', () => {
  it('is set with Secure, Path=/ and no Domain', async () => {
    const res = await new HttpClient(tls.baseUrl).request('GET', '/', { headers: HTTPS });
    expect(res.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^__Host-XSRF-TOKEN=[\w-]+\.[\w-]+; Path=\/; Secure; SameSite=Strict$/),
    ]);
  });

  it('is the only cookie a write over https is checked against', async () => {
    const client = new HttpClient(tls.baseUrl);
    await client.request('GET', '/', { headers: HTTPS });
    const token = client.cookie(XsrfCookies.https) ?? '';
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    const write = (cookie: string) =>
      new HttpClient(tls.baseUrl).json('POST', '/api/v1/nothing', {
        json: {},
        headers: { ...HTTPS, cookie: `${cookie}=${token}`, 'x-xsrf-token': token },
      });
    expect((await write(XsrfCookies.https)).status).toBe(404);
    // A valid token planted under the plain name (from a sibling subdomain or over http).
    const planted = await write(XsrfCookies.http);
    expect(planted.status).toBe(403);
    expect(planted.body).toEqual({ status: 'error', code: 'forbidden', message: XSRF_REJECTED });
  });

  it('stays XSRF-TOKEN over http', async () => {
    const res = await new HttpClient(tls.baseUrl).request('GET', '/');
    expect(xsrfSet(res)).toHaveLength(1);
  });
});
