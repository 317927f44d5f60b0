import * as z from 'zod/mini';
import { ApiPaths } from '../../src/contract/api-paths.js';
import { MailboxMessageSchema, type AuthResponse } from '../../src/contract/auth.js';
import { storeSession } from '../../src/web/session/session.js';
import { HttpClient } from '../../test/support/http-client.js';

const PASSWORD = 'Perf-Page42x';
const CODE = /\b(\d{6})\b/;

export interface SignedInSession {
  /** The local storage entries the web app keeps for a signed-in developer (src/web/session/). */
  readonly storage: Readonly<Record<string, string>>;
  /** An application of this developer, for /update-app/{id}. */
  readonly applicationId: string;
}

async function expectStatus(
  response: Response,
  status: number,
  what: string,
): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (response.status !== status) {
    throw new Error(`${what} answered ${String(response.status)}: ${text}`);
  }
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/** The sign-up code, read from the embedded mailbox once the job queue has sent it. */
async function mailedCode(client: HttpClient, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await client.request(
      'GET',
      `/dev/mail/messages?${new URLSearchParams({ to: email })}`,
    );
    const messages = z.array(MailboxMessageSchema).parse(await response.json());
    const code = CODE.exec(messages[0]?.text ?? '')?.[1];
    if (code !== undefined) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Signs a new developer up, verifies the address through the embedded mailbox, signs in and
 * creates one application, all through the public API, as the web app would.
 */
export async function signedInSession(baseUrl: string): Promise<SignedInSession> {
  const client = new HttpClient(baseUrl);
  await client.prime();
  const email = `perf-${String(Date.now())}@example.com`;
  await expectStatus(
    await client.request('POST', ApiPaths.signup, {
      json: { email, name: 'Asha Rao', mobile: '+919876543210', state: 'Goa', password: PASSWORD },
    }),
    201,
    'sign-up',
  );
  const code = await mailedCode(client, email);
  await expectStatus(
    await client.request('POST', ApiPaths.confirm, { json: { email, code } }),
    200,
    'confirm',
  );
  const auth = (await expectStatus(
    await client.request('POST', ApiPaths.signin, { json: { email, password: PASSWORD } }),
    200,
    'sign-in',
  )) as unknown as AuthResponse;
  const tokens = auth.user_status.AuthenticationResult;
  client.bearer = tokens.AccessToken;
  const app = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Perf bot',
    callbackUrl: 'https://bot.example.com/callback',
    postbackUrl: '',
    allowedUsers: 'AB1234',
    description: 'Measured by npm run perf:web',
    logoUrl: '',
    ipAddressDuplicateSkip: 'false',
    ipRecords: '100.64.0.10',
  })) {
    app.append(name, value);
  }
  const created = await expectStatus(
    await client.request('POST', ApiPaths.createApp, { body: app }),
    201,
    'create app',
  );
  const storage = new RecordStorage();
  storeSession(auth, storage);
  return { applicationId: String(created.applicationId), storage: storage.entries };
}

/** A Storage that only records, so the web app's own storeSession says what a browser keeps. */
class RecordStorage implements Storage {
  private readonly items = new Map<string, string>();
  get entries(): Record<string, string> {
    return Object.fromEntries(this.items);
  }
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}
