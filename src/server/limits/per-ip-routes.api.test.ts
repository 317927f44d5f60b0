import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { OpsApiPaths } from '../../contract/ops.js';
import {
  createDeveloper,
  PASSWORD,
  primedClient,
  signIn,
  uniqueEmail,
} from '../../../test/support/accounts.js';
import { createApp, signedInDeveloper } from '../../../test/support/apps.js';
import type { HttpClient, JsonResponse } from '../../../test/support/http-client.js';
import { addOperator, OPERATOR_PASSWORD } from '../../../test/support/operators.js';
import { expectPerIpRefusal } from '../../../test/support/rate-limited.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { AppSectionPaths } from '../../contract/app-section-paths.js';

// The per-IP limit (RATE_LIMIT_PER_MINUTE) of the routes besides the signed-out account calls,
// whose limits src/server/auth/rate-limits.api.test.ts proves.
const LIMIT = 3;
const MINUTE_MS = 60_000;
const UNKNOWN_EVENT = 'evt-none';
const WRONG_PASSWORD = 'Wr0ng!Password';

let t: TestApp;

beforeAll(async () => {
  // One proxy hop: the test names each client's address in X-Forwarded-For.
  t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '1' } });
});

afterAll(async () => {
  await t.close();
});

// Each test's set-up signs up and in from the test's own address: a fresh minute for it.
beforeEach(() => {
  t.clock.advance(MINUTE_MS);
});

interface LimitedRoute {
  /** A client as the route needs it (signed in, or primed for the console). */
  client(): Promise<{ client: HttpClient; path: string; json: unknown; method?: string }>;
  /** The route's own answer to that call: what every address gets below the limit. */
  served: { status: number; code?: string };
}

/** A signed-in developer's call on one of their applications. */
function developerCall(path: (id: string) => string, json: unknown) {
  return async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    // Asked once before the counted calls, from another address (decision 068).
    await dev.client.stepUp();
    dev.client.stepUpProof = undefined;
    return { client: dev.client, path: path(id), json };
  };
}

const ROUTES: readonly (readonly [string, LimitedRoute])[] = [
  [
    `POST ${ApiPaths.accountPassword}`,
    {
      client: async () => {
        const dev = await createDeveloper(t);
        const client = await primedClient(t);
        const { AccessToken, RefreshToken } = (await signIn(client, dev.email, dev.password)).body
          .user_status.AuthenticationResult;
        client.bearer = AccessToken;
        await client.stepUp({ password: dev.password });
        return {
          client,
          path: ApiPaths.accountPassword,
          json: {
            currentPassword: WRONG_PASSWORD,
            newPassword: PASSWORD,
            refresh_token: RefreshToken,
          },
        };
      },
      served: { status: 400, code: 'bad_request' },
    },
  ],
  [
    `POST ${ApiPaths.revealKeysPattern}`,
    {
      client: developerCall(ApiPaths.revealKeys, {}),
      served: { status: 200 },
    },
  ],
  [
    `POST ${ApiPaths.rollKeyPattern}`,
    { client: developerCall(ApiPaths.rollKey, { grace: 'now' }), served: { status: 200 } },
  ],
  [
    `POST ${AppSectionPaths.testPattern}`,
    {
      // The application has no postback URL: the route's own refusal, not the limit's.
      client: developerCall(AppSectionPaths.test, undefined),
      served: { status: 409, code: 'postback_url_missing' },
    },
  ],
  [
    `POST ${AppSectionPaths.replayPattern}`,
    {
      client: developerCall((id) => AppSectionPaths.replay(id, UNKNOWN_EVENT), undefined),
      served: { status: 404, code: 'not_found' },
    },
  ],
  [
    `POST ${AppSectionPaths.rollSecretPattern}`,
    {
      client: developerCall(AppSectionPaths.rollSecret, { grace: 'now' }),
      served: { status: 200 },
    },
  ],
  [
    `POST ${AppSectionPaths.revealSecretPattern}`,
    {
      client: developerCall(AppSectionPaths.revealSecret, {}),
      served: { status: 200 },
    },
  ],
  [
    `POST ${OpsApiPaths.session}`,
    {
      client: async () => ({
        client: await primedClient(t),
        path: OpsApiPaths.session,
        json: { email: uniqueEmail('op'), password: OPERATOR_PASSWORD, code: '123456' },
      }),
      served: { status: 401, code: 'bad_credentials' },
    },
  ],
  [
    `GET ${OpsApiPaths.enrollment}`,
    {
      client: async () => {
        const { token } = await addOperator(t, 'reviewer');
        return {
          client: await primedClient(t),
          path: `${OpsApiPaths.enrollment}?token=${token}`,
          json: undefined,
          method: 'GET',
        };
      },
      served: { status: 200 },
    },
  ],
  [
    `POST ${OpsApiPaths.enrollment}`,
    {
      client: async () => {
        const { token } = await addOperator(t, 'reviewer');
        return {
          client: await primedClient(t),
          path: OpsApiPaths.enrollment,
          // A wrong first code: the enrollment stays open, so every try gets the same answer.
          json: { token, password: OPERATOR_PASSWORD, code: '000000' },
        };
      },
      served: { status: 400, code: 'code_invalid' },
    },
  ],
];

function outcome(res: JsonResponse): { status: number; code?: string } {
  const code = res.body.code;
  return typeof code === 'string' ? { status: res.status, code } : { status: res.status };
}

describe(`per-IP limits of the signed-in and console routes (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it.each(ROUTES)(
    '%s refuses one address past the limit and still serves another',
    async (_name, route) => {
      const { client, path, json, method = 'POST' } = await route.client();
      const send = (ip: string) =>
        client.json(method, path, {
          headers: { 'x-forwarded-for': ip },
          ...(json === undefined ? {} : { json }),
        });
      for (let n = 0; n < LIMIT; n++) {
        expect(outcome(await send('198.51.100.30'))).toEqual(route.served);
      }
      const refused = await send('198.51.100.30');
      expectPerIpRefusal(refused);
      expect(outcome(await send('198.51.100.31'))).toEqual(route.served);
    },
  );
});
