import { Secret, TOTP } from 'otpauth';
import type { EnrollmentResponse, OperatorRole } from '../../src/contract/ops.js';
import { OpsApiPaths } from '../../src/contract/ops.js';
import {
  runOperatorsCommand,
  type OperatorsCommandDeps,
} from '../../src/server/admin/operators-command.js';
import { createKeyCrypto } from '../../src/server/keys/key-crypto.js';
import { createOperatorAccounts } from '../../src/server/ops/operator-accounts.js';
import { uniqueEmail } from './accounts.js';
import { HttpClient } from './http-client.js';
import type { TestApp } from './test-app.js';

export const OPERATOR_PASSWORD = 'Op3rator!Pass';

/** What `npm run admin -- operators ...` gets, on the test app's database and secrets. */
export function testOperatorsDeps(t: TestApp): OperatorsCommandDeps {
  return {
    db: t.db.kysely,
    accounts: createOperatorAccounts({
      db: t.db.kysely,
      clock: t.clock,
      crypto: createKeyCrypto(t.secrets.keyEncryptionSecret),
      publicUrl: t.config.publicUrl,
      issuer: t.config.brand.productName,
    }),
    actor: { operator: { id: 'cli', email: 'cli:test' }, ip: 'local' },
  };
}

/** The code an authenticator shows for `secret` at `timestamp`. */
export function totpCode(secret: string, timestamp: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp,
  });
}

/** Runs `operators add EMAIL --role ROLE`; answers the e-mail and the link's token. */
export async function addOperator(t: TestApp, role: OperatorRole, email = uniqueEmail('op')) {
  const result = await runOperatorsCommand(testOperatorsDeps(t), [
    'operators',
    'add',
    email,
    '--role',
    role,
  ]);
  const link = /(https?:\/\/\S+)$/.exec(result.lines.at(-1) ?? '')?.[1];
  if (result.exitCode !== 0 || link === undefined) throw new Error(result.lines.join('\n'));
  const token = new URL(link).searchParams.get('token');
  if (token === null) throw new Error(`no token in ${link}`);
  return { email: email.toLowerCase(), token, link };
}

export interface TestOperator {
  readonly email: string;
  readonly role: OperatorRole;
  readonly secret: string;
  /** Signed in: holds the console's session cookie and the anti-forgery cookie. */
  readonly client: HttpClient;
}

/** Moves the clock to the next TOTP step and answers its code: each code is good once. */
export function nextCode(t: TestApp, secret: string): string {
  t.clock.advance(30_000);
  return totpCode(secret, t.clock.now());
}

export async function signInOperator(
  t: TestApp,
  client: HttpClient,
  email: string,
  secret: string,
  password = OPERATOR_PASSWORD,
) {
  return client.json('POST', OpsApiPaths.session, {
    json: { email, password, code: nextCode(t, secret) },
  });
}

/** An operator added by the CLI, enrolled and signed in through the API. */
export async function signedInOperator(t: TestApp, role: OperatorRole): Promise<TestOperator> {
  const { email, token } = await addOperator(t, role);
  const client = new HttpClient(t.baseUrl);
  await client.prime();
  const enrollment = await client.json<EnrollmentResponse>(
    'GET',
    `${OpsApiPaths.enrollment}?token=${token}`,
  );
  const { secret } = enrollment.body;
  const enrolled = await client.json('POST', OpsApiPaths.enrollment, {
    json: { token, password: OPERATOR_PASSWORD, code: totpCode(secret, t.clock.now()) },
  });
  if (enrolled.status !== 200) throw new Error(`enroll: ${JSON.stringify(enrolled.body)}`);
  const signedIn = await signInOperator(t, client, email, secret);
  if (signedIn.status !== 200) throw new Error(`sign-in: ${JSON.stringify(signedIn.body)}`);
  return { email, role, secret, client };
}
