import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { ApplicationResponse } from '../../contract/apps.js';
import { OpsApiPaths, type SearchResponse } from '../../contract/ops.js';
import { Limits } from '../../contract/limits.js';
import {
  createApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { signedInOperator, type TestOperator } from '../../../test/support/operators.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
let developer: SignedInDeveloper;
let support: TestOperator;
let applicationId: string;
let apiKey: string;
let clientId: string;

beforeAll(async () => {
  t = await startTestApp();
  developer = await signedInDeveloper(t);
  support = await signedInOperator(t, 'support');
  applicationId = await createApp(developer.client, { ipRecords: '72.0.0.1' });
  const app = await developer.client.json<ApplicationResponse>('GET', ApiPaths.app(applicationId));
  apiKey = app.body.secret;
  clientId = app.body.allowedUsers;
});

afterAll(async () => {
  await t.close();
});

const search = async (q: string) => {
  const answer = await support.client.json<SearchResponse>(
    'GET',
    `${OpsApiPaths.search}?${new URLSearchParams({ q }).toString()}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
};

describe(`support's search (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('finds the developer by e-mail, in any case, and by the start of it', async () => {
    for (const q of [
      developer.email,
      developer.email.toUpperCase(),
      developer.email.slice(0, developer.email.indexOf('@') + 1),
    ]) {
      const found = await search(q);
      expect(found.developers).toContainEqual({
        id: developer.id,
        email: developer.email,
        name: expect.any(String) as string,
        matchedBy: 'email',
      });
    }
  });

  it('finds the developer by a part of the name', async () => {
    const row = await t.db.kysely
      .selectFrom('developers')
      .select('name')
      .where('id', '=', developer.id)
      .executeTakeFirstOrThrow();
    const found = await search(row.name.slice(1, 5).toLowerCase());
    expect(found.developers.map((d) => [d.id, d.matchedBy])).toContainEqual([developer.id, 'name']);
  });

  it('finds the application by client id, by application id, by API key prefix and by IP', async () => {
    const byKey = apiKey.slice(0, Limits.apiKeyMaskVisible);
    const cases = [
      [clientId.toLowerCase(), 'client_id'],
      [applicationId, 'application_id'],
      [byKey, 'key_prefix'],
      [byKey.slice(0, 6), 'key_prefix'],
      ['72.0.0.1', 'ip'],
    ] as const;
    for (const [q, matchedBy] of cases) {
      const found = await search(q);
      expect(found.applications, q).toContainEqual({
        id: applicationId,
        name: expect.any(String) as string,
        clientId,
        developerId: developer.id,
        developerEmail: developer.email,
        isActive: true,
        matchedBy,
      });
    }
  });

  it('matches a key prefix with its case, and LIKE signs literally', async () => {
    const prefix = apiKey.slice(0, Limits.apiKeyMaskVisible);
    const swapped = prefix.replace(/[a-z]/gi, (c) =>
      c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase(),
    );
    if (swapped !== prefix) {
      expect((await search(swapped)).applications.some((a) => a.id === applicationId)).toBe(false);
    }
    expect(await search('%%%')).toEqual({ developers: [], applications: [] });
    expect(await search('__')).toEqual({ developers: [], applications: [] });
  });

  it('refuses a query of one character with a 400', async () => {
    const answer = await support.client.json('GET', `${OpsApiPaths.search}?q=a`);
    expect(answer.status).toBe(400);
  });
});
