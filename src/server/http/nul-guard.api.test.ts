import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths, DevPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import {
  appCount,
  appFields,
  appRow,
  createApp,
  postApp,
  putApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { hasNul } from './nul-guard.js';

let t: TestApp;
let dev: SignedInDeveloper;
let appId: string;

beforeAll(async () => {
  t = await startTestApp();
  dev = await signedInDeveloper(t);
  appId = await createApp(dev.client);
});

afterAll(async () => {
  await t.close();
});

const refused = { status: 'error', code: 'bad_request', message: Messages.request.nulCharacter };

// PostgreSQL refuses U+0000 in text, so each of these was a 500 on that engine.
describe(`U+0000 in a request (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it.each(['GET', 'DELETE'])('refuses it in an application id (%s) with a 400', async (method) => {
    const res = await dev.client.json(method, `${ApiPaths.createApp}/a%00b`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused);
  });

  it('refuses it in a query with a 400', async () => {
    const res = await dev.client.json('GET', `${DevPaths.mailMessages}?to=a%00b`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused);
  });

  it.each(['name', 'description', 'algo_id', 'allowedUsers'])(
    'refuses it in the multipart field %s and stores nothing',
    async (field) => {
      const before = await appCount(t, dev.id);
      const created = await postApp(dev.client, appFields({ [field]: 'a\u0000b' }));
      expect(created.status).toBe(400);
      expect(created.body).toEqual(refused);
      const row = await appRow(t, appId);
      const updated = await putApp(dev.client, appId, appFields({ [field]: 'a\u0000b' }));
      expect(updated.status).toBe(400);
      expect(updated.body).toEqual(refused);
      expect(await appCount(t, dev.id)).toBe(before);
      expect(await appRow(t, appId)).toEqual(row);
    },
  );

  it('finds it in keys and deep inside nested values without recursion', () => {
    const deep = JSON.parse(`${'['.repeat(50_000)}"a\\u0000"${']'.repeat(50_000)}`) as unknown;
    expect(hasNul(deep)).toBe(true);
    expect(hasNul({ ['k\u0000']: 1 })).toBe(true);
    expect(hasNul({ a: ['b', { c: 'd' }] })).toBe(false);
  });
});
