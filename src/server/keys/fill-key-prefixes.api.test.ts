import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { ApplicationResponse } from '../../contract/apps.js';
import { Limits } from '../../contract/limits.js';
import { createApp, signedInDeveloper } from '../../../test/support/apps.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

const prefixOf = async (applicationId: string) =>
  (
    await t.db.kysely
      .selectFrom('apiKeys')
      .select('keyPrefix')
      .where('applicationId', '=', applicationId)
      .executeTakeFirstOrThrow()
  ).keyPrefix;

describe(`API key prefixes (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('stores the shown part of a new key, and fills it in at start for keys sealed before', async () => {
    const developer = await signedInDeveloper(t);
    const id = await createApp(developer.client);
    const app = await developer.client.json<ApplicationResponse>('GET', ApiPaths.app(id));
    const shown = app.body.secret.slice(0, Limits.apiKeyMaskVisible);
    expect(await prefixOf(id)).toBe(shown);

    // As a database upgraded by migration 0015 holds it: sealed, no prefix.
    await t.db.kysely.updateTable('apiKeys').set({ keyPrefix: null }).execute();
    const restarted = await startTestApp({ sameDatabaseAs: t });
    try {
      expect(await prefixOf(id)).toBe(shown);
    } finally {
      await restarted.close();
    }
  });
});
