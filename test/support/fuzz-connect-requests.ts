import fc from 'fast-check';
import { ApiPaths } from '../../src/contract/api-paths.js';
import { ConnectPaths } from '../../src/contract/connect.js';
import { nastyString } from './fuzz-bodies.js';
import {
  anyMethod,
  headerValue,
  percentEncoded,
  request,
  segment,
  type FuzzRequest,
  type FuzzTargets,
  type Header,
} from './fuzz-requests.js';
import { SERVICE_TOKEN } from './postbacks.js';

/** The redirect URL `createApp` registers. */
const REDIRECT = 'https://example.com/callback';

const post = fc.oneof({ weight: 6, arbitrary: fc.constant('POST') }, anyMethod);
const get = fc.oneof({ weight: 6, arbitrary: fc.constant('GET') }, anyMethod);

/** `name=value&...` of `fields`, each present or not, under a right, odd or wrong content type. */
function formBody(fields: Record<string, fc.Arbitrary<string>>) {
  const type = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/x-www-form-urlencoded') },
    fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', ''),
    headerValue,
  );
  return fc
    .record({ values: fc.record(fields, { requiredKeys: [] }), type, raw: fc.boolean() })
    .map(({ values, type: contentType, raw }) => ({
      bytes: Buffer.from(
        Object.entries(values)
          .map(([name, value]) => `${name}=${raw ? (value ?? '') : percentEncoded(value ?? '')}`)
          .join('&'),
        'utf8',
      ),
      headers: [['content-type', contentType] as Header],
    }));
}

const text = (...known: string[]) =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, nastyString);

function query(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  return fc.record(fields, { requiredKeys: [] }).map((values) =>
    Object.entries(values)
      .map(([name, value]) => `${name}=${percentEncoded(value ?? '')}`)
      .join('&'),
  );
}

/** Client credentials: the app's id with a wrong key, broken Basic, none. */
function clientAuth(t: FuzzTargets): fc.Arbitrary<Header[]> {
  return fc.oneof(
    fc.constant<Header[]>([]),
    fc
      .tuple(text(t.ownAppId, t.otherAppId), nastyString)
      .map(([id, secret]): Header[] => [
        ['authorization', `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`],
      ]),
    headerValue.map((value): Header[] => [['authorization', `Basic ${value}`]]),
  );
}

function serviceAuth(): fc.Arbitrary<Header[]> {
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.constant(`Bearer ${SERVICE_TOKEN}`) },
      fc.constantFrom(`Bearer ${SERVICE_TOKEN}x`, 'Bearer', ''),
      headerValue.map((value) => `Bearer ${value}`),
    )
    .map((value): Header[] => [['authorization', value]]);
}

/**
 * Connect's routes (docs/connect.md): hostile queries, forms and client credentials; the
 * developer's sessions of an application, its own and another's.
 */
export function connectRequests(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const authorize = query({
    response_type: text('code', 'token'),
    client_id: text(t.ownAppId, t.otherAppId),
    redirect_uri: text(REDIRECT, 'https://evil.example/callback'),
    state: text('s1'),
    scope: text('orders', 'orders portfolio', 'admin'),
    code_challenge: text('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbrPQEFn8GrM'),
    code_challenge_method: text('S256', 'plain'),
  });
  const tokenForm = formBody({
    grant_type: text('authorization_code', 'refresh_token'),
    code: nastyString,
    redirect_uri: text(REDIRECT),
    code_verifier: nastyString,
    client_id: text(t.ownAppId),
    client_secret: nastyString,
  });
  const tokenOnly = formBody({ token: nastyString, token_type_hint: text('access_token') });
  return fc.oneof(
    request(get, fc.constant(ConnectPaths.metadata), t),
    request(
      get,
      authorize.map((q) => `${ConnectPaths.authorize}?${q}`),
      t,
    ),
    request(
      get,
      query({ state: nastyString, auth: nastyString }).map((q) => `${ConnectPaths.callback}?${q}`),
      t,
    ),
    request(
      post,
      fc.constant(ConnectPaths.consent),
      t,
      formBody({ request: nastyString, decision: text('allow', 'deny'), xsrf: text(t.xsrf) }),
    ),
    request(post, fc.constant(ConnectPaths.token), t, tokenForm, clientAuth(t)),
    request(
      post,
      fc.constantFrom(ConnectPaths.revoke, ConnectPaths.introspect),
      t,
      tokenOnly,
      serviceAuth(),
    ),
    request(
      fc.oneof({ weight: 6, arbitrary: fc.constantFrom('GET', 'DELETE') }, anyMethod),
      fc.oneof(
        segment(t.ownAppId, t.otherAppId).map(
          (id) => `${ApiPaths.createApp}/${id}/connect-sessions`,
        ),
        fc
          .tuple(segment(t.ownAppId, t.otherAppId), segment('A'.repeat(22)))
          .map(([id, session]) => `${ApiPaths.createApp}/${id}/connect-sessions/${session}`),
      ),
      t,
    ),
  );
}
