import type { AuthResponse } from '../../src/contract/auth.js';
import { PasskeyPaths } from '../../src/contract/passkey-paths.js';
import type { PasskeyAddedResponse, PasskeyOptionsResponse } from '../../src/contract/passkeys.js';
import type { HttpClient, JsonResponse } from './http-client.js';
import { TestPasskey } from './passkey-authenticator.js';
import type { TestApp } from './test-app.js';

export async function optionsOf(
  client: HttpClient,
  path: string,
  json?: unknown,
): Promise<PasskeyOptionsResponse['options']> {
  const res = await client.json<PasskeyOptionsResponse>(
    'POST',
    path,
    json === undefined ? {} : { json },
  );
  if (res.status !== 200) throw new Error(`options failed: ${JSON.stringify(res.body)}`);
  return res.body.options;
}

/** Adds a new software passkey through the account calls. */
export async function addPasskey(t: TestApp, client: HttpClient, name = 'Work laptop') {
  const passkey = new TestPasskey(t.config.publicUrl);
  const options = await optionsOf(client, PasskeyPaths.registerOptions);
  const res = await client.json<PasskeyAddedResponse>('POST', PasskeyPaths.register, {
    json: { name, credential: passkey.register(options) },
  });
  return { passkey, res };
}

/** The sign-in's second step by passkey, for the password step's `session`. */
export async function passkeyStep(
  client: HttpClient,
  session: string,
  passkey: TestPasskey,
): Promise<JsonResponse<AuthResponse>> {
  const options = await optionsOf(client, PasskeyPaths.secondFactorOptions, { session });
  return client.json<AuthResponse>('POST', PasskeyPaths.secondFactor, {
    json: { session, credential: passkey.assert(options) },
  });
}
