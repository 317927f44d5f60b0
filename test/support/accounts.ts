import { randomBytes } from 'node:crypto';
import { ApiPaths } from '../../src/contract/api-paths.js';
import type { AuthResponse, SignupRequest } from '../../src/contract/auth.js';
import type { CodePurpose } from '../../src/server/db/schema.js';
import { HttpClient, type JsonResponse } from './http-client.js';
import { codeIn, type RecordingMailer } from './recording-mailer.js';
import type { TestApp } from './test-app.js';

/** Meets the sign-up policy: 9 to 16 characters, digit, lower, upper, special. */
export const PASSWORD = 'Str0ng!Pass';

export function uniqueEmail(prefix = 'dev'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export function signupBody(overrides: Partial<SignupRequest> = {}): SignupRequest {
  return {
    email: uniqueEmail(),
    name: 'Asha Rao',
    mobile: '+919876543210',
    state: 'Goa',
    password: PASSWORD,
    ...overrides,
  };
}

/** A client holding the anti-forgery cookie, ready for POSTs. */
export async function primedClient(t: TestApp): Promise<HttpClient> {
  const client = new HttpClient(t.baseUrl);
  await client.prime();
  return client;
}

/** The newest code mailed to `email` through the embedded mailbox, once the queue is drained. */
export async function mailedCode(t: TestApp, email: string): Promise<string> {
  await t.drainJobs();
  const row = await t.db.kysely
    .selectFrom('mailboxMessages')
    .select('textBody')
    .where('toAddress', '=', email)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return codeIn(row.textBody);
}

export interface TestDeveloper {
  readonly id: string;
  readonly email: string;
  readonly password: string;
}

/**
 * A developer made through the real sign-up (and, when verified, the real confirm) calls,
 * reading the code from the embedded mailbox.
 */
export async function createDeveloper(
  t: TestApp,
  options: { verified?: boolean; password?: string; email?: string } = {},
): Promise<TestDeveloper> {
  const client = await primedClient(t);
  const body = signupBody({
    password: options.password ?? PASSWORD,
    ...(options.email === undefined ? {} : { email: options.email }),
  });
  const signup = await client.json('POST', ApiPaths.signup, { json: body });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
  if (options.verified !== false) {
    const code = await mailedCode(t, body.email);
    const confirm = await client.json('POST', ApiPaths.confirm, {
      json: { email: body.email, code },
    });
    if (confirm.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirm.body)}`);
  }
  const row = await t.db.kysely
    .selectFrom('developers')
    .select('id')
    .where('emailNormalized', '=', body.email.toLowerCase())
    .executeTakeFirstOrThrow();
  return { id: row.id, email: body.email, password: body.password };
}

export function signIn(
  client: HttpClient,
  email: string,
  password: string,
): Promise<JsonResponse<AuthResponse>> {
  return client.json<AuthResponse>('POST', ApiPaths.signin, { json: { email, password } });
}

/** Rows of one developer's codes of one purpose, oldest first. */
export function codesOf(t: TestApp, developerId: string, purpose: CodePurpose) {
  return t.db.kysely
    .selectFrom('oneTimeCodes')
    .select(['id', 'attempts', 'consumedAt', 'supersededAt', 'expiresAt', 'createdAt', 'codeHash'])
    .where('developerId', '=', developerId)
    .where('purpose', '=', purpose)
    .orderBy('createdAt')
    .execute();
}

export function developerRow(t: TestApp, email: string) {
  return t.db.kysely
    .selectFrom('developers')
    .selectAll()
    .where('emailNormalized', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** A code that is not `code`. */
export function wrongCode(code: string): string {
  return code === '000000' ? '000001' : '000000';
}

/** `count` different codes, none of them `right`. */
export function wrongCodes(count: number, right: string): string[] {
  const codes: string[] = [];
  for (let n = 100_000; codes.length < count; n++) {
    if (String(n) !== right) codes.push(String(n));
  }
  return codes;
}

/** Signs up through the API of an app built with `mailer` and reads the mailed code. */
export async function signUpRecorded(t: TestApp, mailer: RecordingMailer) {
  const client = await primedClient(t);
  const body = signupBody();
  const res = await client.json('POST', ApiPaths.signup, { json: body });
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  const row = await developerRow(t, body.email);
  if (row === undefined) throw new Error('not stored');
  await t.drainJobs();
  return { client, email: body.email, id: row.id, code: mailer.lastCode(body.email) };
}
