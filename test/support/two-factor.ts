import { Secret, TOTP } from 'otpauth';
import { ApiPaths } from '../../src/contract/api-paths.js';
import type { AuthResponse } from '../../src/contract/auth.js';
import type {
  RecoveryCodesResponse,
  SignInChallenge,
  TotpStartResponse,
} from '../../src/contract/two-factor.js';
import { primedClient, signIn, type TestDeveloper } from './accounts.js';
import type { HttpClient, JsonResponse } from './http-client.js';
import type { TestApp } from './test-app.js';
import { TwoFactorPaths } from '../../src/contract/two-factor-paths.js';

/** The code an authenticator app shows for `secret` at `at` (RFC 6238, 6 digits, 30 s). */
export function totpCode(secret: string, at: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

/** A client signed in by the password alone (the developer has no factor yet). */
export async function signedInClient(t: TestApp, dev: TestDeveloper): Promise<HttpClient> {
  const client = await primedClient(t);
  const res = await signIn(client, dev.email, dev.password);
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  client.bearer = res.body.user_status.AuthenticationResult.AccessToken;
  client.stepUpProof = { password: dev.password };
  return client;
}

/** Sets up the authenticator app through the account calls: its secret and recovery codes. */
export async function enrollTotp(t: TestApp, client: HttpClient) {
  const start = await client.json<TotpStartResponse>('POST', TwoFactorPaths.totp);
  if (start.status !== 200) throw new Error(`start failed: ${JSON.stringify(start.body)}`);
  const { secret } = start.body;
  const confirm = await client.json<RecoveryCodesResponse>('POST', TwoFactorPaths.totpConfirm, {
    json: { code: totpCode(secret, t.clock.now()) },
  });
  if (confirm.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirm.body)}`);
  // The next code of the app is another step's: the confirming one is used.
  t.clock.advance(30_000);
  return { secret, recoveryCodes: confirm.body.recoveryCodes };
}

/** The password step: the challenge's `Session` when a second factor is asked. */
export async function passwordStep(client: HttpClient, dev: TestDeveloper): Promise<string> {
  const res = await client.json<SignInChallenge>('POST', ApiPaths.signin, {
    json: { email: dev.email, password: dev.password },
  });
  if (res.status !== 200) throw new Error(`password step failed: ${JSON.stringify(res.body)}`);
  return res.body.user_status.Session;
}

export function secondStep(
  client: HttpClient,
  session: string,
  code: string,
): Promise<JsonResponse<AuthResponse>> {
  return client.json<AuthResponse>('POST', ApiPaths.signinSecondFactor, {
    json: { session, code },
  });
}

/** The subjects of the mail sent to `email`, oldest first, once the queue is drained. */
export async function subjectsTo(t: TestApp, email: string): Promise<string[]> {
  await t.drainJobs();
  const rows = await t.db.kysely
    .selectFrom('mailboxMessages')
    .select('subject')
    .where('toAddress', '=', email)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.subject);
}
