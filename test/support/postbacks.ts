import { createHash } from 'node:crypto';
import { InternalPaths } from '../../src/contract/api-paths.js';
import { createPostbackSecretRing } from '../../src/server/postbacks/postback-secret-ring.js';
import { createApp } from './apps.js';
import type { HttpClient } from './http-client.js';
import { keyCryptoOf } from './keys.js';
import type { PostbackReceiver } from './postback-receiver.js';
import type { TestApp } from './test-app.js';
import { AppSectionPaths } from '../../src/contract/app-section-paths.js';

/** The trading platform's service token in the tests, and the configuration that accepts it. */
export const SERVICE_TOKEN = 'test-service-token-0123456789abcdef';
export const SERVICE_TOKEN_ENV = {
  POSTBACK_SERVICE_TOKEN_HASHES: createHash('sha256').update(SERVICE_TOKEN).digest('hex'),
};

export interface IntakeAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** `POST /internal/v1/postbacks` as the trading platform sends it. */
export async function sendEvent(
  t: TestApp,
  body: unknown,
  token: string | null = SERVICE_TOKEN,
): Promise<IntakeAnswer> {
  const res = await fetch(`${t.baseUrl}${InternalPaths.postbacks}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The application's live signing secrets, opened the way the server does: current first. */
export async function postbackSecretsOf(t: TestApp, applicationId: string): Promise<string[]> {
  const ring = createPostbackSecretRing(keyCryptoOf(t));
  const live = await ring.live(t.db.kysely, applicationId, t.clock.now());
  return live.map((entry) => entry.secret);
}

/**
 * Gives the application its signing secret (a roll, as the developer would make one on the
 * update screen) and answers it, so a receiver can verify from the first delivery on.
 */
export async function signingSecretOf(
  t: TestApp,
  client: HttpClient,
  applicationId: string,
): Promise<string> {
  const res = await client.json('POST', AppSectionPaths.rollSecret(applicationId), {
    json: { grace: 'now' },
  });
  if (res.status !== 200) throw new Error(`roll failed: ${JSON.stringify(res.body)}`);
  const [secret] = await postbackSecretsOf(t, applicationId);
  if (secret === undefined) throw new Error('no signing secret');
  return secret;
}

/** A new application of `client`'s developer posting to `receiver`, which verifies with its secret. */
export async function appPostingTo(
  t: TestApp,
  client: HttpClient,
  receiver: PostbackReceiver,
): Promise<string> {
  const id = await createApp(client, { postbackUrl: receiver.url });
  receiver.secret = await signingSecretOf(t, client, id);
  return id;
}

/** The stored events of an application, oldest first. */
export function eventRows(t: TestApp, applicationId: string) {
  return t.db.kysely
    .selectFrom('postbackEvents')
    .select(['id', 'callerEventId', 'type', 'state', 'attempts', 'nextAttemptAt', 'lastStatus'])
    .where('applicationId', '=', applicationId)
    .orderBy('seq')
    .execute();
}

export function attemptRows(t: TestApp, eventId: string) {
  return t.db.kysely
    .selectFrom('postbackAttempts')
    .select(['number', 'at', 'responseStatus', 'error'])
    .where('eventId', '=', eventId)
    .orderBy('number')
    .execute();
}
