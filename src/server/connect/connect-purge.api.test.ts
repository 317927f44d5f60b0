import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_REQUEST_TTL_MS, ConnectPaths } from '../../contract/connect.js';
import { GatewayLimits } from '../../contract/gateway.js';
import {
  createApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import {
  CONNECT_PUBLIC_URL,
  CONNECT_REDIRECT,
  connectAccessToken,
  discoverConnect,
} from '../../../test/support/connect.js';
import { currentKeyOf } from '../../../test/support/keys.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { purgeExpired } from '../auth/purge-job.js';

// docs/connect.md: the hourly purge deletes pending sign-ins past their end, and tokens and
// the codes that issued them once the gateway no longer tells an ended token from an unknown one.

const engine = process.env.TEST_DB ?? 'sqlite';
const DAY_MS = 24 * 60 * 60_000;
const KEPT_MS = GatewayLimits.endedTokensKeptMs;

let t: TestApp;
let dev: SignedInDeveloper;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: CONNECT_PUBLIC_URL } });
  dev = await signedInDeveloper(t);
  as = await discoverConnect(t);
});

afterAll(async () => {
  await t.close();
});

let serial = 0;

async function newApp() {
  serial += 1;
  const clientCode = `PG${String(serial)}${String(Date.now() % 100000)}`;
  const id = await createApp(dev.client, {
    callbackUrl: CONNECT_REDIRECT,
    allowedUsers: clientCode,
  });
  return { id, clientCode, key: await currentKeyOf(t, id) };
}

const rowsOf = (table: 'connectRequests' | 'connectCodes' | 'connectTokens', id: string) =>
  t.db.kysely.selectFrom(table).select(['expiresAt']).where('applicationId', '=', id).execute();

const purgeAt = (now: number) => purgeExpired(t.db.kysely, now);

describe(`the purge of Connect's ended rows (${engine})`, () => {
  it('deletes a pending sign-in once it has expired, not before', async () => {
    const { id } = await newApp();
    const started = await fetch(
      `${t.baseUrl}${ConnectPaths.authorize}?${new URLSearchParams({
        response_type: 'code',
        client_id: id,
        redirect_uri: CONNECT_REDIRECT,
        state: 'st-purge',
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
      }).toString()}`,
      { redirect: 'manual' },
    );
    expect(started.status).toBe(302);
    const [request] = await rowsOf('connectRequests', id);
    expect(request?.expiresAt).toBe(t.clock.now() + CONNECT_REQUEST_TTL_MS);
    const end = request?.expiresAt ?? 0;

    await purgeAt(end - 1);
    expect(await rowsOf('connectRequests', id)).toHaveLength(1);
    expect((await purgeAt(end)).connectRequests).toBeGreaterThanOrEqual(1);
    expect(await rowsOf('connectRequests', id)).toHaveLength(0);
  });

  it('deletes a token a day after its daily logout, no sooner, and the consent stays', async () => {
    const app = await newApp();
    await connectAccessToken(t, as, app);
    const [token] = await rowsOf('connectTokens', app.id);
    const end = token?.expiresAt ?? 0;
    expect(end).toBeGreaterThan(t.clock.now());

    await purgeAt(end + KEPT_MS - 1);
    expect(await rowsOf('connectTokens', app.id)).toHaveLength(1);
    expect((await purgeAt(end + KEPT_MS)).connectTokens).toBeGreaterThanOrEqual(1);
    expect(await rowsOf('connectTokens', app.id)).toHaveLength(0);
    const consents = await t.db.kysely
      .selectFrom('connectConsents')
      .select('scope')
      .where('applicationId', '=', app.id)
      .execute();
    expect(consents).toHaveLength(1);
  });

  it('deletes a code once every token it may have issued is purged, not before', async () => {
    const app = await newApp();
    await connectAccessToken(t, as, app);
    const [code] = await rowsOf('connectCodes', app.id);
    const end = (code?.expiresAt ?? 0) + KEPT_MS + DAY_MS;

    await purgeAt(end - 1);
    expect(await rowsOf('connectCodes', app.id)).toHaveLength(1);
    expect((await purgeAt(end)).connectCodes).toBeGreaterThanOrEqual(1);
    expect(await rowsOf('connectCodes', app.id)).toHaveLength(0);
  });
});
