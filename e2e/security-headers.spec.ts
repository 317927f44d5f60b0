import { request as httpRequest, type APIResponse } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { HOME, UNKNOWN } from './support/paths.js';
import { e2eBaseUrl } from './support/server-env.js';

// Security headers on every response and the signed double-submit XSRF check on API writes.

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function cspDirectives(header: string | undefined): Map<string, string[]> {
  expect(header, 'content-security-policy header').toBeDefined();
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '') directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  const csp = cspDirectives(headers['content-security-policy']);
  expect(csp.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  expect(csp.get('script-src'), `${what}: script-src`).toContain("'self'");
  expect(csp.get('script-src'), `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(
    csp.has('script-src-elem') || csp.has('script-src-attr'),
    `${what}: no script-src override`,
  ).toBe(false);
  expect(csp.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(csp.get('base-uri'), `${what}: base-uri`).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(headers['x-content-type-options'], `${what}: x-content-type-options`).toBe('nosniff');
  expect(headers['referrer-policy'], `${what}: referrer-policy`).toMatch(/\S/);
  expect(headers['referrer-policy'], `${what}: referrer-policy`).not.toMatch(/unsafe-url/);
  expect(headers['x-powered-by'], `${what}: x-powered-by`).toBeUndefined();
  // Plain http: HSTS would be ignored by browsers and must not be sent.
  expect(
    headers['strict-transport-security'],
    `${what}: strict-transport-security`,
  ).toBeUndefined();
}

/** The XSRF-TOKEN values a response sets (Set-Cookie headers). */
function xsrfCookiesSet(response: APIResponse): string[] {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value)
    .filter((value) => value.startsWith(`${XSRF_COOKIE}=`));
}

/** A client with an empty cookie jar, so the server has no token yet. */
async function freshClient() {
  return httpRequest.newContext({ baseURL: e2eBaseUrl() });
}

test.describe('security headers', () => {
  for (const [method, path] of [
    ['GET', HOME],
    ['GET', '/login'],
    ['GET', UNKNOWN],
    ['GET', '/healthz'],
    ['GET', '/api/v1/nothing-here'],
    ['GET', '/logo.svg'],
    ['POST', '/api/v1/anything'],
  ] as const) {
    test(`${method} ${path} carries the security headers`, async ({ request }) => {
      const response = await request.fetch(path, { method, failOnStatusCode: false });
      expectSecurityHeaders(response.headers(), `${method} ${path}`);
    });
  }

  test('reach the browser with the page, which runs without CSP violations', async ({
    page,
    context,
  }) => {
    const response = await page.goto(HOME);
    if (response === null) throw new Error('no response for the page');
    expect(response.status()).toBe(200);
    expectSecurityHeaders(await response.allHeaders(), 'page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === XSRF_COOKIE);
    expect(cookie, 'XSRF-TOKEN cookie in the browser').toBeDefined();
    // The web client must read it to echo it in the header.
    expect(cookie).toMatchObject({ path: '/', httpOnly: false, sameSite: 'Strict', secure: false });
  });
});

test.describe('XSRF-TOKEN cookie', () => {
  for (const path of [HOME, UNKNOWN]) {
    test(`is set by the first page response, GET ${path}`, async () => {
      const client = await freshClient();
      try {
        const response = await client.get(path, { failOnStatusCode: false });
        const set = xsrfCookiesSet(response);
        expect(set).toHaveLength(1);
        expect(set[0]).toMatch(/^XSRF-TOKEN=[^;]+\./);
        expect(set[0]).toMatch(/;\s*SameSite=Strict/i);
        expect(set[0]).not.toMatch(/;\s*HttpOnly/i);
      } finally {
        await client.dispose();
      }
    });
  }

  // Decision 015: shared caches and CDNs keep no response that sets a cookie.
  for (const path of ['/healthz', '/api/v1/nothing-here', '/logo.svg', '/favicon.svg']) {
    test(`is never set by GET ${path}`, async () => {
      const client = await freshClient();
      try {
        const response = await client.get(path, { failOnStatusCode: false });
        expect(xsrfCookiesSet(response)).toEqual([]);
      } finally {
        await client.dispose();
      }
    });
  }

  test('is not issued again while the browser holds a valid one', async () => {
    const client = await freshClient();
    try {
      const first = await client.get(HOME);
      expect(xsrfCookiesSet(first)).toHaveLength(1);
      const second = await client.get('/login');
      expect(xsrfCookiesSet(second)).toEqual([]);
    } finally {
      await client.dispose();
    }
  });
});

test.describe('API writes', () => {
  async function tokenOf(client: Awaited<ReturnType<typeof freshClient>>): Promise<string> {
    await client.get(HOME);
    const cookie = (await client.storageState()).cookies.find((c) => c.name === XSRF_COOKIE);
    if (cookie === undefined) throw new Error('the server set no XSRF-TOKEN cookie');
    return cookie.value;
  }

  async function expectForbidden(response: APIResponse) {
    expect(response.status()).toBe(403);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    const body = (await response.json()) as { status: string; message: unknown };
    expect(body.status).toBe('error');
    expect(typeof body.message).toBe('string');
  }

  test('a POST without the X-XSRF-TOKEN header is refused with 403', async () => {
    const client = await freshClient();
    try {
      await tokenOf(client);
      await expectForbidden(
        await client.post('/api/v1/anything', { data: { a: 1 }, failOnStatusCode: false }),
      );
    } finally {
      await client.dispose();
    }
  });

  test('a POST whose header differs from the cookie is refused with 403', async () => {
    const client = await freshClient();
    try {
      const token = await tokenOf(client);
      const [nonce, signature] = token.split('.');
      const other = `${nonce}x.${signature}`;
      await expectForbidden(
        await client.post('/api/v1/anything', {
          data: { a: 1 },
          headers: { [XSRF_HEADER]: other },
          failOnStatusCode: false,
        }),
      );
    } finally {
      await client.dispose();
    }
  });

  test('a POST with a forged cookie repeated in the header is refused with 403', async () => {
    const forged = 'forged-nonce.forged-signature';
    const { hostname } = new URL(e2eBaseUrl());
    const client = await httpRequest.newContext({
      baseURL: e2eBaseUrl(),
      storageState: {
        cookies: [
          {
            name: XSRF_COOKIE,
            value: forged,
            domain: hostname,
            path: '/',
            expires: -1,
            httpOnly: false,
            secure: false,
            sameSite: 'Strict',
          },
        ],
        origins: [],
      },
    });
    try {
      await expectForbidden(
        await client.post('/api/v1/anything', {
          data: { a: 1 },
          headers: { [XSRF_HEADER]: forged },
          failOnStatusCode: false,
        }),
      );
    } finally {
      await client.dispose();
    }
  });

  test('a POST echoing the cookie in the header gets through to the API (404 for an unknown path)', async () => {
    const client = await freshClient();
    try {
      const token = await tokenOf(client);
      const response = await client.post('/api/v1/anything', {
        data: { a: 1 },
        headers: { [XSRF_HEADER]: token },
        failOnStatusCode: false,
      });
      expect(response.status()).toBe(404);
      expect(response.headers()['content-type']).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({
        status: 'error',
        code: 'not_found',
        message: 'Not found',
      });
    } finally {
      await client.dispose();
    }
  });

  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    test(`a ${method} without the header is refused with 403 too`, async () => {
      const client = await freshClient();
      try {
        await tokenOf(client);
        await expectForbidden(
          await client.fetch('/api/v1/anything', { method, failOnStatusCode: false }),
        );
      } finally {
        await client.dispose();
      }
    });
  }
});
