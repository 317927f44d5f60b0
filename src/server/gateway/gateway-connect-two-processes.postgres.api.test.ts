import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InternalPaths } from '../../contract/api-paths.js';
import { ConnectPaths } from '../../contract/connect.js';
import { createApp } from '../../../test/support/apps.js';
import {
  CONNECT_PUBLIC_URL,
  CONNECT_REDIRECT,
  connectAccessToken,
  discoverConnect,
} from '../../../test/support/connect.js';
import { freePort } from '../../../test/support/free-port.js';
import { askCheckAt, askInLoops, askUntil } from '../../../test/support/gateway.js';
import { currentKeyOf } from '../../../test/support/keys.js';
import { signedInDeveloperAt } from '../../../test/support/portal-child.js';
import { SERVICE_TOKEN, SERVICE_TOKEN_ENV } from '../../../test/support/postbacks.js';
import { startProcessPair, type ProcessPair } from '../../../test/support/process-pair.js';
import { PRODUCTION_ENV } from '../../../test/support/test-app.js';

// docs/decisions/059: a Connect access token revoked on one instance is refused by the
// other's check within 1 s, as a key's changes are (decision 053); both instances are the
// real entry point in processes of their own on one PostgreSQL, and the other's check is
// answering a loop of calls meanwhile.

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const IP = '203.0.113.75';
const LOAD_IP = '203.0.113.76';
const CLIENT_CODE = 'GWPAIR1';
/** Calls the other check answers from the loop before the token is revoked. */
const LOAD_BEFORE = 20;

let pair: ProcessPair;
let secondCheck: string;

beforeAll(async () => {
  const firstPort = await freePort();
  const secondPort = await freePort();
  pair = await startProcessPair(
    {
      ...SERVICE_TOKEN_ENV,
      PUBLIC_URL: CONNECT_PUBLIC_URL,
      // The timer reads the log every 10 s here (5 times this on PostgreSQL): what is
      // measured is the NOTIFY that wakes the other instance (docs/decisions/056).
      GATEWAY_REFRESH_MS: '2000',
    },
    [{ GATEWAY_PORT: String(firstPort) }, { GATEWAY_PORT: String(secondPort) }],
  );
  secondCheck = `http://127.0.0.1:${String(secondPort)}${InternalPaths.gatewayCheck}`;
});

afterAll(async () => {
  await pair.close();
});

describe('a Connect access token across two processes (postgres)', () => {
  it('revoked on one instance is refused by the other with token_revoked within 1 s, while that check answers a loop of calls', async () => {
    const first = { baseUrl: pair.first.baseUrl, config: { publicUrl: CONNECT_PUBLIC_URL } };
    const keys = {
      db: pair.db,
      secrets: { keyEncryptionSecret: PRODUCTION_ENV.KEY_ENCRYPTION_SECRET ?? '' },
    };
    const dev = await signedInDeveloperAt(first.baseUrl);
    const id = await createApp(dev.client, {
      callbackUrl: CONNECT_REDIRECT,
      allowedUsers: CLIENT_CODE,
      ipRecords: IP,
    });
    const loadKey = await currentKeyOf(keys, await createApp(dev.client, { ipRecords: LOAD_IP }));
    const token = await connectAccessToken(first, await discoverConnect(first), {
      id,
      key: await currentKeyOf(keys, id),
      clientCode: CLIENT_CODE,
    });
    const askWithToken = () =>
      askCheckAt(secondCheck, { authorization: `Bearer ${token}`, 'x-real-ip': IP });
    const askWithLoadKey = () =>
      askCheckAt(secondCheck, { 'x-api-key': loadKey, 'x-real-ip': LOAD_IP });
    for (const ask of [askWithToken, askWithLoadKey]) {
      expect((await askUntil(ask, (a) => a.status === 200, 5000)).answer.status).toBe(200);
    }

    // The loop runs before the revocation, so the check is busy when the change arrives.
    let allowedUnderLoad = 0;
    let isBusy: () => void = () => undefined;
    const busy = new Promise<void>((resolve) => {
      isBusy = resolve;
    });
    const stopLoad = askInLoops(async () => {
      if ((await askWithLoadKey()).status === 200) allowedUnderLoad += 1;
      if (allowedUnderLoad === LOAD_BEFORE) isBusy();
    }, 4);
    await busy;
    const revoked = await fetch(`${first.baseUrl}${ConnectPaths.revoke}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SERVICE_TOKEN}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(revoked.status).toBe(200);
    // From the revoke's answer, as the other changes are timed (gateway-two-processes).
    const { answer, tookMs } = await askUntil(askWithToken, (a) => a.status !== 200, 1000);
    const answeredMeanwhile = allowedUnderLoad - LOAD_BEFORE;
    const answered = await stopLoad();

    expect([answer.status, answer.headers.get('x-deny-reason')]).toEqual([401, 'token_revoked']);
    expect(answer.body).toMatchObject({ status: 'error', code: 'token_revoked' });
    expect(tookMs).toBeLessThan(1000);
    expect(answeredMeanwhile).toBeGreaterThan(0);
    expect(allowedUnderLoad).toBe(answered);
  });
});
