import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../test/support/http-client.js';
import { encodeRequest, sendRaw } from '../../test/support/raw-http.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { XSRF_COOKIE, XSRF_REJECTED } from './http/xsrf.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await new HttpClient(t.baseUrl).json('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'ok',
      database: 'up',
      load: 'normal',
      gateway: { state: 'fresh', ageSeconds: 0 },
    });
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404 for GET', async () => {
    const res = await new HttpClient(t.baseUrl).json('GET', '/api/v1/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ status: 'error', code: 'not_found', message: 'Not found' });
  });
});

describe('web app deep links', () => {
  it.each([
    ['/', 'Developer Portal'],
    ['/login', 'Login'],
    ['/signup', 'Sign Up'],
    ['/verify-otp', 'Verify OTP'],
    ['/flow-login-callback', 'Signing you in'],
    ['/create-new-app', 'My Apps'],
    ['/create-app', 'Create a new app'],
    ['/update-app/app_123', 'App details'],
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password', 'Reset Password'],
    ['/account', 'My Account'],
  ])('%s answers index.html with its title', async (path, title) => {
    const res = await new HttpClient(t.baseUrl).request('GET', path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`<title>${title} | Acme Trade Developers</title>`);
    expect(html).toContain('<script type="application/json" id="portal-brand">');
  });

  it('gives update-app the current path as canonical and root its fixed one', async () => {
    const client = new HttpClient(t.baseUrl);
    const app = await (await client.request('GET', '/update-app/abc?x=1')).text();
    expect(app).toContain(`<link rel="canonical" href="${t.config.publicUrl}/update-app/abc">`);
    const root = await (await client.request('GET', '/?loc=a.example')).text();
    expect(root).toContain(`<link rel="canonical" href="${t.config.publicUrl}/">`);
  });

  it('answers other paths with the web app and 404', async () => {
    const res = await new HttpClient(t.baseUrl).request('GET', '/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<title>Page not found | Acme Trade Developers</title>');
  });

  it.each(['//', '//evil.example/login'])(
    'answers the request target %s with the 404 page, not a 500',
    async (target) => {
      const port = Number(new URL(t.baseUrl).port);
      const request = { method: 'GET', target, headers: [], body: Buffer.alloc(0) };
      const answer = await sendRaw(port, encodeRequest(request));
      expect(answer?.status).toBe(404);
      expect(answer?.body.toString()).toContain(
        '<title>Page not found | Acme Trade Developers</title>',
      );
    },
  );

  it('never serves the raw template', async () => {
    const res = await new HttpClient(t.baseUrl).request('GET', '/index.html');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<!--portal-head-->');
  });

  it('escapes brand values inside the page', async () => {
    const evil = await startTestApp({
      env: { PRODUCT_NAME: '</script><script>alert(1)</script>' },
    });
    try {
      const html = await (await new HttpClient(evil.baseUrl).request('GET', '/login')).text();
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    } finally {
      await evil.close();
    }
  });
});

describe('security headers', () => {
  it.each(['/', '/api/v1/nothing', '/healthz'])('are on %s', async (path) => {
    const res = await new HttpClient(t.baseUrl).request('GET', path);
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.has('x-powered-by')).toBe(false);
    expect(res.headers.has('strict-transport-security')).toBe(false);
  });

  it.each(['true', '1', '127.0.0.1'])(
    'adds HSTS when the request came over https through a trusted proxy (TRUST_PROXY=%s)',
    async (trustProxy) => {
      const proxied = await startTestApp({ env: { TRUST_PROXY: trustProxy } });
      try {
        const res = await new HttpClient(proxied.baseUrl).request('GET', '/', {
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
        expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
      } finally {
        await proxied.close();
      }
    },
  );
});

describe('anti-forgery token', () => {
  it('is set as a readable cookie on page responses', async () => {
    for (const path of ['/', '/login']) {
      const res = await new HttpClient(t.baseUrl).request('GET', path);
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(
        new RegExp(`^${XSRF_COOKIE}=[\\w-]+\\.[\\w-]+; Path=/; SameSite=Strict$`),
      );
    }
  });

  it('is not reissued while the browser holds a valid one', async () => {
    const client = new HttpClient(t.baseUrl);
    await client.prime();
    const res = await client.request('GET', '/');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('rejects a POST without the header', async () => {
    const client = new HttpClient(t.baseUrl);
    await client.prime();
    const res = await client.json('POST', '/api/v1/nothing', { json: {}, xsrf: false });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 'error', code: 'forbidden', message: XSRF_REJECTED });
  });

  it('rejects a header that differs from the cookie', async () => {
    const client = new HttpClient(t.baseUrl);
    await client.prime();
    const res = await client.json('DELETE', '/api/v1/nothing', {
      headers: { 'x-xsrf-token': `${client.cookie(XSRF_COOKIE) ?? ''}x` },
      xsrf: false,
    });
    expect(res.status).toBe(403);
  });

  it('rejects a forged cookie even when the header repeats it', async () => {
    const client = new HttpClient(t.baseUrl);
    client.setCookie(XSRF_COOKIE, 'forged.value');
    const res = await client.json('PUT', '/api/v1/nothing', { json: {} });
    expect(res.status).toBe(403);
  });

  it('lets a matching signed pair through to the route', async () => {
    const client = new HttpClient(t.baseUrl);
    await client.prime();
    const res = await client.json('POST', '/api/v1/nothing', { json: {} });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 'error', code: 'not_found', message: 'Not found' });
  });
});
