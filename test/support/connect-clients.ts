import type * as oauth from 'oauth4webapi';
import { createApp, type SignedInDeveloper } from './apps.js';
import { CONNECT_PUBLIC_URL, CONNECT_REDIRECT, connectAccessToken } from './connect.js';
import { freePort } from './free-port.js';
import { askGateway, askUntilSettled, type CheckAnswer } from './gateway.js';
import { currentKeyOf } from './keys.js';
import { SERVICE_TOKEN_ENV } from './postbacks.js';
import type { TestApp } from './test-app.js';

/** A test app with Connect, the gateway check on a port of its own refreshed every 20 ms. */
export async function connectGatewayEnv(): Promise<Record<string, string>> {
  return {
    ...SERVICE_TOKEN_ENV,
    PUBLIC_URL: CONNECT_PUBLIC_URL,
    GATEWAY_PORT: String(await freePort()),
    GATEWAY_REFRESH_MS: '20',
  };
}

let serial = 0;

/**
 * A new application of `dev` called from `ip`, a client code of its own allowed on it, and
 * that client signed in through the whole Connect flow: its access token.
 */
export async function signedInConnectClient(
  t: TestApp,
  dev: SignedInDeveloper,
  as: oauth.AuthorizationServer,
  ip: string,
) {
  serial += 1;
  const clientCode = `CC${String(serial)}${String(Date.now() % 10000)}`;
  const id = await createApp(dev.client, {
    callbackUrl: CONNECT_REDIRECT,
    allowedUsers: clientCode,
    ipRecords: ip,
  });
  const key = await currentKeyOf(t, id);
  return { id, key, clientCode, token: await connectAccessToken(t, as, { id, key, clientCode }) };
}

/** The gateway's headers for a call with the token from `ip`. */
export const bearerFrom = (token: string, ip: string) => ({
  authorization: `Bearer ${token}`,
  'x-real-ip': ip,
});

/** The check's answer to the token once it reflects the database (waiting up to 10 s). */
export async function settledTokenAnswer(
  t: TestApp,
  headers: Record<string, string>,
  isDone: (a: CheckAnswer) => boolean,
) {
  return askUntilSettled(() => askGateway(t, headers), isDone);
}
