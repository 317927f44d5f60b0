import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { Application } from '../../contract/apps.js';
import { ipFieldName } from '../../contract/rules.js';
import {
  appFields,
  appRow,
  createApp,
  iconField,
  putApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { makePdf, makePng } from '../../../test/support/png.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
let dev: SignedInDeveloper;

// The portal is reached at http://127.0.0.1:<port> while PUBLIC_URL says localhost: every
// URL the API hands out must still load from the page's own origin.
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'http://localhost:8080' } });
  dev = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
});

/** What a browser on the page at `t.baseUrl` does with a URL from the API. */
function fetchFromPage(url: string, headers: Record<string, string> = {}) {
  const resolved = new URL(url, `${t.baseUrl}/create-new-app`);
  return { resolved, response: fetch(resolved, { headers }) };
}

async function listed(id: string): Promise<Application> {
  const res = await dev.client.json<Application[]>('GET', ApiPaths.apps);
  const found = res.body.find((app) => app.applicationId === id);
  if (found === undefined) throw new Error('not listed');
  return found;
}

describe(`icons and documents on any host (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('serves an uploaded icon from the page origin, content-addressed and cacheable forever', async () => {
    const bytes = makePng(55, 55, [10, 200, 30]);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const id = await createApp(dev.client, {
      file: { bytes, name: 'defaultimage.png', type: 'image/png' },
    });
    const app = await listed(id);
    expect(app.logoUrl).toBe(`/uploads/logos/${hash}.png`);
    expect((await appRow(t, id))?.logoKey).toBe(`${hash}.png`);

    const { resolved, response } = fetchFromPage(app.logoUrl);
    expect(resolved.origin).toBe(t.baseUrl);
    const icon = await response;
    expect(icon.status).toBe(200);
    expect(Buffer.from(await icon.arrayBuffer()).equals(bytes)).toBe(true);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('etag')).toBe(`"${hash}"`);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(icon.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(icon.headers.get('x-content-type-options')).toBe('nosniff');

    const again = await fetchFromPage(app.logoUrl, { 'if-none-match': `"${hash}"` }).response;
    expect(again.status).toBe(304);
  });

  it('answers the logo upload with the relative URL of the new icon', async () => {
    const id = await createApp(dev.client);
    const res = await putApp(dev.client, id, {
      ...appFields(),
      isActive: 'true',
      ip_address: '',
      ...iconField(),
    });
    expect(res.status).toBe(200);
    const hash = createHash('sha256').update(makePng(55, 55)).digest('hex');
    expect(res.body.logoUrl).toBe(`/uploads/logos/${hash}.png`);
  });

  it('gives the default icon as a URL the page origin serves', async () => {
    const id = await createApp(dev.client);
    const app = await listed(id);
    expect(app.logoUrl).toBe(t.config.brand.defaultAppIconUrl);
    expect(fetchFromPage(app.logoUrl).resolved.origin).toBe(t.baseUrl);
  });

  it('links proof documents relative to the page, signed and private', async () => {
    const other = await signedInDeveloper(t);
    await createApp(other.client, { ipRecords: '198.51.100.40' });
    const id = await createApp(dev.client, {
      ipRecords: '198.51.100.40',
      ipAddressDuplicateSkip: 'true',
      [ipFieldName('198.51.100.40')]: { bytes: makePdf(), name: 'proof.pdf' },
    });
    const app = await listed(id);
    const link = app.ipRecordsWithFamilyPending[0]?.documentUrl ?? '';
    expect(link).toMatch(/^\/api\/v1\/documents\/[A-Za-z0-9_-]{22}\.pdf\?expires=\d+&signature=/);
    const { resolved, response } = fetchFromPage(link);
    expect(resolved.origin).toBe(t.baseUrl);
    const document = await response;
    expect(document.status).toBe(200);
    expect(document.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await document.arrayBuffer()).equals(makePdf())).toBe(true);
  });
});
