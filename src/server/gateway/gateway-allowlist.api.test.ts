import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths, InternalPaths } from '../../contract/api-paths.js';
import type { AllowlistChanges, AllowlistEntry, AllowlistPage } from '../../contract/gateway.js';
import {
  appFields,
  createApp,
  putApp,
  signedInDeveloper,
  signInAgain,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { freePort } from '../../../test/support/free-port.js';
import { currentKeyOf, keyCryptoOf } from '../../../test/support/keys.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { DEFAULT_PURGE_WINDOWS, purgeExpired } from '../auth/purge-job.js';

// docs/gateway.md, "A gateway's own copy": the snapshot and the change feed on the check's
// listener, behind its shared token.

const engine = process.env.TEST_DB ?? 'sqlite';
const GATEWAY_TOKEN = 'gateway-token-0123456789abcdef-0123456789';

let t: TestApp;
let dev: SignedInDeveloper;
let other: SignedInDeveloper;

beforeAll(async () => {
  t = await startTestApp({
    env: { GATEWAY_PORT: String(await freePort()), GATEWAY_TOKEN },
  });
  dev = await signedInDeveloper(t);
  other = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
});

async function get(
  pathAndQuery: string,
  headers: Record<string, string> = { 'x-gateway-token': GATEWAY_TOKEN },
) {
  const { port, host } = t.config.gateway;
  const res = await fetch(`http://${host}:${String(port)}${pathAndQuery}`, { headers });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

const pageAt = (query: string) => get(`${InternalPaths.allowlist}${query}`);
const changesAfter = (after: number | string, limit = '') =>
  get(`${InternalPaths.allowlistChanges}?after=${String(after)}${limit}`);

/** Every page from the first, `limit` applications each. */
async function wholeSnapshot(limit: number) {
  const pages: AllowlistPage[] = [];
  const texts: string[] = [];
  let query = `?limit=${String(limit)}`;
  for (;;) {
    const answer = await pageAt(query);
    expect(answer.status).toBe(200);
    const page = answer.body as unknown as AllowlistPage;
    pages.push(page);
    texts.push(answer.text);
    if (page.next === null) return { pages, texts };
    query = `?limit=${String(limit)}&cursor=${page.next}`;
  }
}

const entryOf = (changes: AllowlistChanges, id: string): AllowlistEntry | undefined =>
  changes.applications.find((entry) => entry.applicationId === id);

describe(`the allowlist snapshot and change feed (${engine})`, () => {
  it('pages every application exactly once, keys as lookup hashes only', async () => {
    const ids = [
      await createApp(dev.client, { ipRecords: '203.0.113.80' }),
      await createApp(dev.client, { ipRecords: '203.0.113.81' }),
      await createApp(other.client, { ipRecords: '203.0.113.82' }),
      await createApp(other.client, { ipRecords: '203.0.113.83' }),
      await createApp(other.client, { ipRecords: '203.0.113.84' }),
    ];
    const keys = await Promise.all(ids.map((id) => currentKeyOf(t, id)));
    const { pages, texts } = await wholeSnapshot(2);

    const listed = pages.flatMap((page) => page.applications.map((entry) => entry.applicationId));
    const stored = await t.db.kysely.selectFrom('applications').select('id').execute();
    expect([...listed].sort()).toEqual(stored.map((row) => row.id).sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[0]?.changesAfter).toEqual(expect.any(Number));
    expect(pages.slice(1).every((page) => page.changesAfter === undefined)).toBe(true);

    for (const key of keys) expect(texts.join('\n')).not.toContain(key);
    const crypto = keyCryptoOf(t);
    const first = pages
      .flatMap((page) => page.applications)
      .find((e) => e.applicationId === ids[0]);
    expect(first).toEqual({
      applicationId: ids[0],
      developerId: dev.id,
      clientCode: expect.any(String) as string,
      algoId: '',
      refusal: null,
      keys: [{ lookupHash: crypto.lookupHash(keys[0] ?? ''), graceUntil: null }],
      ips: [{ ip: '203.0.113.80', refusal: null }],
    });
  });

  it('lists a pause, an IP removal and a roll made after the snapshot after its cursor', async () => {
    const paused = await createApp(dev.client, { ipRecords: '203.0.113.85' });
    const moved = await createApp(dev.client, { ipRecords: '203.0.113.86' });
    const rolled = await createApp(dev.client, { ipRecords: '203.0.113.87' });
    const oldKey = await currentKeyOf(t, rolled);
    const cursor = (await pageAt('')).body.changesAfter as number;

    expect(
      (
        await putApp(
          dev.client,
          paused,
          appFields({ ipRecords: '203.0.113.85', isActive: 'false' }),
        )
      ).status,
    ).toBe(200);
    expect((await putApp(dev.client, moved, appFields({ ipRecords: '203.0.113.88' }))).status).toBe(
      200,
    );
    const roll = await dev.client.json('POST', ApiPaths.rollKey(rolled), { json: { grace: '1h' } });
    expect(roll.status).toBe(200);
    await signInAgain(dev);
    const newKey = await currentKeyOf(t, rolled);

    const answer = await changesAfter(cursor);
    expect(answer.status).toBe(200);
    const changes = answer.body as unknown as AllowlistChanges;
    expect(changes.changes.every((change) => change.seq > cursor)).toBe(true);
    expect(entryOf(changes, paused)?.refusal).toEqual({
      reason: 'app_paused',
      message: 'The developer paused this app',
    });
    expect(entryOf(changes, moved)?.ips).toEqual([{ ip: '203.0.113.88', refusal: null }]);
    const crypto = keyCryptoOf(t);
    expect(entryOf(changes, rolled)?.keys).toEqual(
      expect.arrayContaining([
        {
          lookupHash: crypto.lookupHash(oldKey),
          graceUntil: new Date(t.clock.now() + 3_600_000).toISOString(),
        },
        { lookupHash: crypto.lookupHash(newKey), graceUntil: null },
      ]),
    );
    expect(answer.text).not.toContain(oldKey);
    expect(answer.text).not.toContain(newKey);

    const caughtUp = (await changesAfter(changes.next)).body as unknown as AllowlistChanges;
    expect(caughtUp).toEqual({ changes: [], applications: [], removed: [], next: changes.next });
  });

  it('names a deleted application as removed', async () => {
    const id = await createApp(dev.client, { ipRecords: '203.0.113.89' });
    const cursor = (await pageAt('')).body.changesAfter as number;
    expect((await dev.client.json('DELETE', ApiPaths.app(id))).status).toBe(200);
    const changes = (await changesAfter(cursor)).body as unknown as AllowlistChanges;
    expect(changes.removed).toContain(id);
    expect(entryOf(changes, id)).toBeUndefined();
  });

  it('answers 400 to a cursor, an after or a limit it did not write', async () => {
    for (const query of ['?cursor=a', '?cursor=%21%21', '?limit=0', '?limit=2001', '?limit=x']) {
      const answer = await pageAt(query);
      expect([answer.status, answer.body.code], query).toEqual([400, 'bad_request']);
    }
    for (const after of ['abc', '-1', '', '1.5']) {
      const answer = await changesAfter(after);
      expect([answer.status, answer.body.code], after).toEqual([400, 'bad_request']);
    }
    expect((await changesAfter(0, '&limit=0')).status).toBe(400);
  });

  it('refuses both without the shared token', async () => {
    for (const path of [InternalPaths.allowlist, `${InternalPaths.allowlistChanges}?after=0`]) {
      for (const headers of [{}, { 'x-gateway-token': 'wrong' }]) {
        const answer = await get(path, headers);
        expect([answer.status, answer.body.code]).toEqual([401, 'gateway_token']);
        expect(answer.text).not.toContain('applications');
      }
    }
  });

  it('is in the internal OpenAPI document, on the check listener behind its token', async () => {
    const res = await fetch(`${t.baseUrl}${InternalPaths.openApi}`);
    const doc = (await res.json()) as {
      paths: Record<string, { get?: { operationId: string; security: unknown } }>;
    };
    expect(doc.paths[InternalPaths.allowlist]?.get?.operationId).toBe('allowlistSnapshot');
    expect(doc.paths[InternalPaths.allowlistChanges]?.get).toMatchObject({
      operationId: 'allowlistChanges',
      security: [{ gatewayToken: [] }, {}],
    });
  });

  it('answers 410 to a cursor older than the log keeps, so the gateway starts over', async () => {
    await createApp(dev.client, { ipRecords: '203.0.113.90' });
    await createApp(dev.client, { ipRecords: '203.0.113.91' });
    await purgeExpired(t.db.kysely, t.clock.now(), {
      ...DEFAULT_PURGE_WINDOWS,
      gatewayChangesKept: 1,
    });
    const gone = await changesAfter(0);
    expect([gone.status, gone.body.code]).toEqual([410, 'allowlist_cursor_gone']);
    expect(gone.body.message).toBe(
      'The change log no longer holds changes this old: take a new snapshot',
    );
    const fresh = (await pageAt('')).body.changesAfter as number;
    expect((await changesAfter(fresh)).status).toBe(200);
    expect((await changesAfter(fresh + 1000)).status).toBe(410);
  });
});
