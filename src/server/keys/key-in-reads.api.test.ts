import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { ApplicationResponseSchema, ApplicationSchema } from '../../contract/apps.js';
import { RevealKeysResponseSchema } from '../../contract/keys.js';
import { maskApiKey } from '../../contract/rules.js';
import { createApp, signedInDeveloper } from '../../../test/support/apps.js';
import { currentKeyOf } from '../../../test/support/keys.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const DB = process.env.TEST_DB ?? 'sqlite';

/** The `secret` of the one-app read and of the list's entry, and the current key as stored. */
async function readsOf(t: TestApp) {
  const dev = await signedInDeveloper(t);
  const id = await createApp(dev.client);
  const one = ApplicationResponseSchema.parse(
    (await dev.client.json('GET', ApiPaths.app(id))).body,
  );
  const list = await dev.client.json<unknown[]>('GET', ApiPaths.apps);
  const listed = list.body.map((entry) => ApplicationSchema.parse(entry));
  return { dev, id, one, listed, key: await currentKeyOf(t, id) };
}

describe(`API_KEY_IN_READS=whole, the default (${DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('carries the whole current key in every application read, as the spec does', async () => {
    const { one, listed, key } = await readsOf(t);
    expect(one.secret).toBe(key);
    expect(listed.map((app) => app.secret)).toEqual([key]);
  });
});

describe(`API_KEY_IN_READS=masked (${DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { API_KEY_IN_READS: 'masked' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('carries only the masked key in reads; the whole key comes through the reveal', async () => {
    const { dev, id, one, listed, key } = await readsOf(t);
    expect(one.secret).toBe(maskApiKey(key));
    expect(JSON.stringify(one)).not.toContain(key);
    expect(listed.map((app) => app.secret)).toEqual([maskApiKey(key)]);
    expect(JSON.stringify(listed)).not.toContain(key);

    const revealed = await dev.client.json('POST', ApiPaths.revealKeys(id), { json: {} });
    expect(revealed.status).toBe(200);
    expect(RevealKeysResponseSchema.parse(revealed.body).keys.map((k) => k.key)).toEqual([key]);
  });
});
