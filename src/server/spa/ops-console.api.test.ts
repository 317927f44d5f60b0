import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { XSRF_COOKIE } from '../http/xsrf.js';

const SCRIPT = Buffer.from(`export const console = ${JSON.stringify('ops '.repeat(500))};\n`);
const SCRIPT_PATH = '/ops/assets/ops-1.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    webFiles: {
      [SCRIPT_PATH.slice(1)]: SCRIPT,
      [`${SCRIPT_PATH.slice(1)}.br`]: brotliCompressSync(SCRIPT),
      [`${SCRIPT_PATH.slice(1)}.gz`]: gzipSync(SCRIPT),
    },
  });
});

afterAll(async () => {
  await t.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(t.baseUrl + path, { headers });

describe('the operator console page', () => {
  it.each(['/ops', '/ops/', '/ops/login', '/ops/enroll?token=abc', '/ops/proofs', '/ops/a/b/c'])(
    'answers %s with the console page under the strict headers',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const csp = res.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toContain('unsafe');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const html = await res.text();
      expect(html).toContain(`<title>${OpsMessages.title}</title>`);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain(`src="${SCRIPT_PATH}"`);
    },
  );

  it('sets the anti-forgery cookie as every page does, for the sign-in that follows', async () => {
    const res = await get('/ops/login');
    expect(res.headers.getSetCookie().some((line) => line.startsWith(`${XSRF_COOKIE}=`))).toBe(
      true,
    );
  });

  it('does not send its page for look-alike paths or the raw template', async () => {
    const opsx = await get('/opsx');
    expect(await opsx.text()).not.toContain(OpsMessages.title);
    const raw = await get('/ops/index.html');
    expect(await raw.text()).not.toContain('<!--ops-head-->');
  });

  it('answers a write under /ops as no page', async () => {
    const res = await fetch(`${t.baseUrl}/ops/login`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toMatch(/^text\/html/);
  });
});

describe('the console files', () => {
  it('come as the brotli copy when accepted, cached for a year', async () => {
    const res = await get(SCRIPT_PATH, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(SCRIPT);
  });

  it('come as the gzip copy when gzip is the best accepted', async () => {
    const res = await get(SCRIPT_PATH, { 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(SCRIPT);
  });

  it('answer a missing file with 404, not the page', async () => {
    const res = await get('/ops/assets/missing-9.js');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(OpsMessages.title);
  });
});

describe("the developers' pages", () => {
  it.each(['/login', '/'])('%s references nothing of the console', async (path) => {
    const html = await (await get(path)).text();
    expect(html).not.toContain('/ops');
    expect(html).not.toContain(OpsMessages.title);
  });
});
