import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { createDeveloper, primedClient, signIn } from '../../../test/support/accounts.js';
import {
  appFields,
  createApp,
  postApp,
  putApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { exchangeInBrowser, flowIdentity, tokenFromForm } from '../../../test/support/flow.js';
import type { JsonResponse } from '../../../test/support/http-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

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

/** No cache may keep an answer that carries a token or a key. */
describe(`Cache-Control: no-store (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  const answers: Record<string, () => Promise<JsonResponse>> = {
    'sign-in': async () => {
      const someone = await createDeveloper(t);
      return signIn(await primedClient(t), someone.email, someone.password);
    },
    refresh: async () => {
      const someone = await createDeveloper(t);
      const client = await primedClient(t);
      const signedIn = await signIn(client, someone.email, someone.password);
      return client.json('POST', ApiPaths.refresh, {
        json: {
          refresh_token: signedIn.body.user_status.AuthenticationResult.RefreshToken,
          id: someone.id,
        },
      });
    },
    'hand-off login': async () => exchangeInBrowser(t, await tokenFromForm(t, flowIdentity())),
    'app list': () => dev.client.json('GET', ApiPaths.apps),
    'app get': () => dev.client.json('GET', ApiPaths.app(appId)),
    'app create': () => postApp(dev.client, appFields()),
    'app update': () => putApp(dev.client, appId, appFields({ name: 'Renamed app' })),
    'sessions list': () => dev.client.json('GET', ApiPaths.sessions),
    // E-mail, name and phone: personal data a shared cache must not keep.
    'profile read': () => dev.client.json('GET', ApiPaths.accountProfile),
    'profile save': () =>
      dev.client.json('PUT', ApiPaths.accountProfile, {
        json: { name: 'Asha Rao', mobile: '+919876543210', state: 'Goa' },
      }),
  };

  it.each(Object.keys(answers))('is sent on %s', async (name) => {
    const res = await answers[name]?.();
    expect(res?.status).toBeLessThan(300);
    expect(res?.headers.get('cache-control')).toBe('no-store');
  });

  it('is sent on a refused refresh too', async () => {
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.refresh, {
      json: { refresh_token: 'unknown', id: dev.id },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
