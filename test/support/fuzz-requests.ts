import fc from 'fast-check';
import { ApiPaths } from '../../src/contract/api-paths.js';
import { PASSWORD } from './accounts.js';
import { jsonText, nastyString } from './fuzz-bodies.js';
import type { RawRequest } from './raw-http.js';

/** What a fuzz run may aim at: real credentials, real rows, real files. */
export interface FuzzTargets {
  readonly xsrf: string;
  readonly bearer: string;
  /** Signed with another key, expired, `alg: none`, of an unknown developer. */
  readonly badTokens: readonly string[];
  readonly developerId: string;
  readonly ownAppId: string;
  /** Another developer's application: invisible to every route. */
  readonly otherAppId: string;
  /** Another developer's session: no route may end it. */
  readonly otherSessionId: string;
  readonly logoName: string;
  readonly documentKey: string;
  readonly documentQuery: { readonly expires: string; readonly signature: string };
}

export interface FuzzRequest extends RawRequest {
  /** False when the bytes break HTTP framing itself: the server may close without answering. */
  readonly isWellFormed: boolean;
}

export type Header = readonly [string, string];

/** Every UTF-8 byte as %XX: unlike encodeURIComponent, lone surrogates do not throw. */
export function percentEncoded(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

/** A counterexample fast-check can print: the head in full, the body cut short. */
export function printable(r: FuzzRequest): FuzzRequest {
  const body = JSON.stringify(r.body.subarray(0, 300).toString('latin1'));
  return Object.assign(r, {
    [fc.toStringMethod]: () =>
      `${r.method} ${r.target} ${JSON.stringify(r.headers)} body(${r.body.length}): ${body}`,
  });
}

/** Header values keep their framing: no CR or LF. */
export const headerValue = nastyString.map((s) => s.replace(/[\r\n]/g, ''));

function credentials(t: FuzzTargets): fc.Arbitrary<Header[]> {
  const cookie = fc.oneof(
    { weight: 5, arbitrary: fc.constant(`XSRF-TOKEN=${t.xsrf}`) },
    headerValue.map((v) => `XSRF-TOKEN=${v}`),
    fc.constant(`XSRF-TOKEN=${t.xsrf}; XSRF-TOKEN=forged.value`),
    headerValue,
  );
  const xsrfHeader = fc.oneof({ weight: 5, arbitrary: fc.constant(t.xsrf) }, headerValue);
  const authorization = fc.oneof(
    { weight: 5, arbitrary: fc.constant(`Bearer ${t.bearer}`) },
    fc.constantFrom(...t.badTokens).map((token) => `Bearer ${token}`),
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      `Bearer ${t.bearer}x`,
      'Basic Zm9vOmJhcg==',
      `bearer ${t.bearer}`,
    ),
    headerValue.map((v) => `Bearer ${v}`),
    fc.integer({ min: 9000, max: 20000 }).map((n) => `Bearer ${'a'.repeat(n)}`),
  );
  const signedIn: Header[] = [
    ['cookie', `XSRF-TOKEN=${t.xsrf}`],
    ['x-xsrf-token', t.xsrf],
    ['authorization', `Bearer ${t.bearer}`],
  ];
  // Mostly signed in, so the fuzz reaches past the 401 and 403 gates.
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(signedIn) },
    fc
      .record({ cookie, 'x-xsrf-token': xsrfHeader, authorization }, { requiredKeys: [] })
      .map((headers) => Object.entries(headers)),
  );
}

const extraHeaders: fc.Arbitrary<Header[]> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Header[]>([]) },
  fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'accept',
          'accept-encoding',
          'content-encoding',
          'x-forwarded-for',
          'x-forwarded-proto',
          'x-forwarded-host',
          'range',
          'if-none-match',
          'if-modified-since',
          'origin',
          'x-http-method-override',
          'expect',
          'accept-language',
        ),
        fc.stringMatching(/^[a-z][a-z0-9-]{0,40}$/),
      ),
      headerValue,
    ),
    { maxLength: 4 },
  ),
);

export const jsonContentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  fc.constantFrom(
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jso',
    '',
  ),
  headerValue,
);

/** A JSON body of `fields` (see jsonText) under a right, odd or wrong content type. */
export function jsonBody(fields: Record<string, fc.Arbitrary<unknown>>) {
  return fc.record({ text: jsonText(fields), type: jsonContentType }).map(({ text, type }) => ({
    bytes: Buffer.from(text, 'utf8'),
    headers: [['content-type', type] as Header],
  }));
}

const code = fc.stringMatching(/^\d{6}$/);
const email = fc.emailAddress();

/** The JSON account calls and the fields each reads (docs/product.md section 7). */
function accountCalls(
  t: FuzzTargets,
): ReadonlyArray<readonly [string, Record<string, fc.Arbitrary<unknown>>]> {
  const password = fc.oneof(fc.constant(PASSWORD), fc.string());
  return [
    [
      ApiPaths.signup,
      {
        email,
        name: fc.constant('Asha Rao'),
        mobile: fc.constant('+919876543210'),
        state: fc.constant('Goa'),
        password,
      },
    ],
    [ApiPaths.confirm, { email, code }],
    [ApiPaths.signin, { email, password }],
    [ApiPaths.forgotPassword, { email }],
    [ApiPaths.sendConfirmation, { email }],
    [ApiPaths.forgotPasswordConfirm, { email, code, password }],
    [ApiPaths.forgotPasswordVerify, { email, code }],
    [ApiPaths.refresh, { refresh_token: fc.base64String(), id: fc.constant(t.developerId) }],
    [ApiPaths.logout, { refresh_token: fc.base64String() }],
  ];
}

export const webPath = fc.webPath().map((p) => (p.startsWith('/') ? p : `/${p}`));

export const anyMethod = fc.oneof(
  fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE'),
  fc.constantFrom('CONNECT', 'get', 'FOO', 'PROPFIND', 'M-SEARCH', ''),
);

/** A request with hostile headers; `signedIn` the credentials, a developer's by default. */
export function request(
  method: fc.Arbitrary<string>,
  target: fc.Arbitrary<string>,
  t: FuzzTargets,
  body: fc.Arbitrary<{ bytes: Buffer; headers: Header[] }> = fc.constant({
    bytes: Buffer.alloc(0),
    headers: [],
  }),
  signedIn: fc.Arbitrary<Header[]> = credentials(t),
): fc.Arbitrary<FuzzRequest> {
  return fc.record({ method, target, credentials: signedIn, extra: extraHeaders, body }).map((r) =>
    printable({
      method: r.method,
      target: r.target,
      headers: [...r.body.headers, ...r.credentials, ...r.extra],
      body: r.body.bytes,
      isWellFormed: true,
    }),
  );
}

/** POSTs to the JSON account calls: malformed, nested, huge, wrong types, wrong content types. */
export function accountRequests(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    ...accountCalls(t).map(([path, fields]) =>
      request(
        fc.oneof({ weight: 9, arbitrary: fc.constant('POST') }, anyMethod),
        fc.constant(path),
        t,
        jsonBody(fields),
      ),
    ),
  );
}

/**
 * The account screen's calls. The current password is never the right one: a
 * changed password would end the session the rest of the run is signed in with.
 */
export function accountScreenRequests(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const wrongPassword = fc.string().filter((p) => p !== PASSWORD);
  return fc.oneof(
    request(fc.constantFrom('GET', 'HEAD', 'DELETE'), fc.constant(ApiPaths.accountProfile), t),
    request(
      fc.oneof({ weight: 4, arbitrary: fc.constant('PUT') }, anyMethod),
      fc.constant(ApiPaths.accountProfile),
      t,
      jsonBody({
        name: fc.oneof(fc.constant('Asha Rao'), nastyString),
        mobile: fc.oneof(fc.constant('+919876543210'), nastyString),
        state: fc.oneof(fc.constant('Goa'), nastyString),
      }),
    ),
    request(
      fc.oneof({ weight: 4, arbitrary: fc.constant('POST') }, anyMethod),
      fc.constant(ApiPaths.accountPassword),
      t,
      jsonBody({
        currentPassword: wrongPassword,
        newPassword: fc.oneof(fc.constant(`${PASSWORD}x`), nastyString),
        refresh_token: fc.base64String(),
      }),
    ),
    request(anyMethod, fc.constant(ApiPaths.sessions), t),
    request(anyMethod, fc.constant(ApiPaths.signOutOtherSessions), t),
    request(
      fc.oneof({ weight: 4, arbitrary: fc.constant('DELETE') }, anyMethod),
      segment(t.otherSessionId).map((id) => `${ApiPaths.sessions}/${id}`),
      t,
    ),
  );
}

/**
 * The keys' calls: rolling and revealing keys (of the developer's own application, another's,
 * or a hostile id), the IP check, the caller's IP, and the activity log with its CSV.
 */
export function keysIpsActivityRequests(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const appId = segment(t.ownAppId, t.otherAppId);
  const post = fc.oneof({ weight: 4, arbitrary: fc.constant('POST') }, anyMethod);
  const query = fc
    .record(
      {
        applicationId: fc.oneof(fc.constant(t.ownAppId), nastyString),
        kind: fc.oneof(fc.constantFrom('app.created', 'sign_in.failed'), nastyString),
        from: fc.oneof(fc.constant('2026-01-01T00:00:00Z'), nastyString),
        to: fc.oneof(fc.constant('2027-01-01T00:00:00+05:30'), nastyString),
        cursor: nastyString,
      },
      { requiredKeys: [] },
    )
    .map((fields) => new URLSearchParams(fields).toString());
  return fc.oneof(
    request(
      post,
      appId.map((id) => `/api/v1/app/${id}/keys/roll`),
      t,
      jsonBody({ grace: fc.oneof(fc.constantFrom('now', '1h', '24h', '7d'), nastyString) }),
    ),
    request(
      post,
      appId.map((id) => `/api/v1/app/${id}/keys/reveal`),
      t,
      jsonBody({ password: fc.oneof(fc.constant(PASSWORD), nastyString) }),
    ),
    request(
      post,
      fc.constant(ApiPaths.ipCheck),
      t,
      jsonBody({
        ips: fc.array(fc.oneof(fc.constantFrom('20.0.0.1', '20.0.0.2', '::1'), nastyString)),
        applicationId: fc.oneof(fc.constantFrom(t.ownAppId, t.otherAppId), nastyString),
      }),
    ),
    request(anyMethod, fc.constant(ApiPaths.myIp), t),
    request(
      fc.oneof({ weight: 4, arbitrary: fc.constant('GET') }, anyMethod),
      fc
        .tuple(fc.constantFrom(ApiPaths.activity, ApiPaths.activityCsv), query)
        .map(([path, q]) => `${path}?${q}`),
      t,
    ),
  );
}

/** A path segment as a client might send it: ours, someone else's, or hostile. */
export function segment(...known: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    nastyString.map(percentEncoded),
    fc.constantFrom(
      '..',
      '%2e%2e',
      '..%2f..%2fportal.db',
      '%00',
      '%',
      '%zz',
      'a'.repeat(300),
      '.',
      '%2F',
    ),
    fc.uuid(),
  );
}
