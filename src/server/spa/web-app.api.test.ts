import { request } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { MANIFEST_PATH, type Manifest } from './route-preloads.js';

const SCRIPT = Buffer.from(`export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`);
const SCRIPT_PATH = '/assets/main-1a2b3c.js';
const ICON = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
/**
 * A build manifest as `vite build` writes it: the entry, the signed-in screens' one chunk
 * (decision 043) with a part it loads on demand, the chunk they share with the signed-out
 * screens, which holds the HTTP library (decision 045), the login route.
 */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true },
  'app-area/screens.ts': {
    file: 'assets/screens-2.js',
    imports: ['index.html', '_query-3.js', '_shared-5.js'],
    dynamicImports: ['pages/update-app/UpdateAppForm.tsx'],
    css: ['assets/screens-2.css'],
  },
  '_query-3.js': { file: 'assets/query-3.js', imports: ['index.html'] },
  '_shared-5.js': { file: 'assets/shared-5.js', imports: ['index.html'] },
  'pages/update-app/UpdateAppForm.tsx': { file: 'assets/UpdateAppForm-10.js' },
  'pages/login/LoginPage.tsx': {
    file: 'assets/LoginPage-7.js',
    imports: ['index.html'],
    dynamicImports: ['pages/login/RebrandingNotice.tsx'],
  },
  'pages/login/RebrandingNotice.tsx': { file: 'assets/RebrandingNotice-8.js' },
};

interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** A GET that sends exactly these headers and keeps the body as it came over the wire. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    webFiles: {
      [SCRIPT_PATH.slice(1)]: SCRIPT,
      [`${SCRIPT_PATH.slice(1)}.br`]: brotliCompressSync(SCRIPT),
      [`${SCRIPT_PATH.slice(1)}.gz`]: gzipSync(SCRIPT),
      'favicon.svg': ICON,
      [MANIFEST_PATH]: JSON.stringify(MANIFEST),
    },
  });
});

afterAll(async () => {
  await t.close();
});

describe('built files by Accept-Encoding', () => {
  it('sends the brotli copy when brotli is accepted', async () => {
    const res = await rawGet(t.baseUrl + SCRIPT_PATH, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body)).toEqual(SCRIPT);
  });

  it('sends the gzip copy when gzip is the best accepted', async () => {
    const res = await rawGet(t.baseUrl + SCRIPT_PATH, { 'accept-encoding': 'gzip, deflate' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.body)).toEqual(SCRIPT);
  });

  it.each([
    ['no Accept-Encoding', {}],
    ['identity only', { 'accept-encoding': 'identity' }],
  ])('sends the raw file with %s', async (_name, headers) => {
    const res = await rawGet(t.baseUrl + SCRIPT_PATH, headers);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toEqual(SCRIPT);
  });

  it('sends the raw file when the build left no compressed copy', async () => {
    const res = await rawGet(`${t.baseUrl}/favicon.svg`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toEqual(ICON);
  });

  it.each(['.br', '.gz'])('answers a request for the %s copy itself with 404', async (ext) => {
    const res = await rawGet(t.baseUrl + SCRIPT_PATH + ext, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(404);
  });
});

/** The `href`s of the page's links with this `rel`, in order. */
async function linksOf(pathname: string, rel: string): Promise<string[]> {
  const res = await rawGet(t.baseUrl + pathname);
  expect(res.status).toBe(200);
  const html = res.body.toString('utf8');
  return [...html.matchAll(/<link rel="([^"]+)"[^>]*? href="([^"]+)">/g)]
    .filter((match) => match[1] === rel)
    .map((match) => match[2] ?? '');
}

describe("a page names its route's chunks (decision 029)", () => {
  it('a signed-in screen preloads the screens chunk and its imports', async () => {
    expect(await linksOf('/create-app', 'modulepreload')).toEqual([
      '/assets/screens-2.js',
      '/assets/query-3.js',
      '/assets/shared-5.js',
    ]);
    expect(await linksOf('/create-app', 'preload')).toEqual(['/assets/screens-2.css']);
  });

  it('a signed-in screen does not preload its own parts it loads on demand (decision 034)', async () => {
    expect(await linksOf('/update-app/app_1', 'modulepreload')).toEqual([
      '/assets/screens-2.js',
      '/assets/query-3.js',
      '/assets/shared-5.js',
    ]);
  });

  it('/login preloads its screen only: no entry again, no chunk it loads on demand', async () => {
    expect(await linksOf('/login', 'modulepreload')).toEqual(['/assets/LoginPage-7.js']);
  });

  it('the manifest itself is not served', async () => {
    const res = await rawGet(`${t.baseUrl}/.vite/manifest.json`);
    expect(res.status).toBe(404);
  });
});
