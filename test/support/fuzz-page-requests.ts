import fc from 'fast-check';
import { ApiPaths, DevPaths } from '../../src/contract/api-paths.js';
import { ClientPaths } from '../../src/contract/routes.js';
import { DEV_CSS_PATH } from '../../src/server/dev/dev-pages.js';
import { nastyString } from './fuzz-bodies.js';
import {
  anyMethod,
  jsonContentType,
  percentEncoded,
  printable,
  request,
  webPath,
  type FuzzRequest,
  type FuzzTargets,
  type Header,
} from './fuzz-requests.js';

const formBody = fc
  .record({
    fields: fc.dictionary(
      fc.oneof(
        fc.constantFrom('applicationId', 'client_code', 'name', 'email', 'purpose', 'step', 'code'),
        fc.string(),
      ),
      fc.oneof(
        nastyString,
        fc.integer({ min: 1000, max: 20_000 }).map((n) => 'v'.repeat(n)),
      ),
    ),
    type: fc.oneof(fc.constant('application/x-www-form-urlencoded'), jsonContentType),
  })
  .map(({ fields, type }) => ({
    bytes: Buffer.from(new URLSearchParams(fields).toString()),
    headers: [['content-type', type] as const],
  }));

/** Pages (the SPA fallback), /healthz, the embedded /dev routes, random methods and paths. */
export function pageRequests(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const pagePath = fc.oneof(
    fc.constantFrom(
      ...Object.values(ClientPaths),
      '/index.html',
      '/assets/../index.html',
      '/..',
      '/%2e%2e/%2e%2e/etc/passwd',
    ),
    nastyString.map((s) => `/update-app/${percentEncoded(s)}`),
    webPath,
  );
  return fc.oneof(
    request(fc.constantFrom('GET', 'HEAD'), pagePath, t),
    request(fc.constantFrom('GET', 'HEAD'), fc.constant('/healthz'), t),
    request(
      fc.constantFrom('GET', 'HEAD'),
      fc.oneof(
        fc.constantFrom(DevPaths.mail, DEV_CSS_PATH, DevPaths.postbacks, DevPaths.postbackRequests),
        nastyString.map((s) => `${DevPaths.mailMessages}?to=${percentEncoded(s)}`),
        nastyString.map((s) => `${DevPaths.flow}?applicationId=${percentEncoded(s)}`),
      ),
      t,
    ),
    request(
      fc.constant('POST'),
      fc.constantFrom(DevPaths.flow, DevPaths.flowCode, DevPaths.postbacks),
      t,
      formBody,
    ),
    request(
      anyMethod,
      fc.oneof(
        webPath,
        webPath.map((p) => `/api/v1${p}`),
      ),
      t,
      formBody,
    ),
  );
}

/** Bytes that break HTTP itself: lying lengths, smuggling, bad chunks, raw garbage. */
export function framingRequests(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const broken = (
    method: string,
    target: string,
    headers: Header[],
    body: Buffer,
    contentLength?: number | 'omit',
  ): FuzzRequest =>
    printable({
      method,
      target,
      headers,
      body,
      isWellFormed: false,
      ...(contentLength === undefined ? {} : { contentLength }),
    });
  const json: Header = ['content-type', 'application/json'];
  const auth: Header[] = [
    ['cookie', `XSRF-TOKEN=${t.xsrf}`],
    ['x-xsrf-token', t.xsrf],
    ['authorization', `Bearer ${t.bearer}`],
  ];
  const body = Buffer.from('{"email":"a@example.com"}');
  return fc.oneof(
    fc
      .integer({ min: 1, max: 1000 })
      .map((extra) => broken('POST', ApiPaths.signin, [json, ...auth], body, body.length + extra)),
    fc
      .nat({ max: body.length - 1 })
      .map((short) => broken('POST', ApiPaths.signin, [json, ...auth], body, short)),
    fc.constant(broken('POST', ApiPaths.signin, [json, ['content-length', '5']], body)),
    fc.constant(
      broken(
        'POST',
        ApiPaths.signin,
        [json, ['transfer-encoding', 'chunked']],
        Buffer.from('zz\r\nabc\r\n0\r\n\r\n'),
        'omit',
      ),
    ),
    fc.constant(
      broken(
        'POST',
        ApiPaths.signin,
        [json, ['transfer-encoding', 'chunked']],
        Buffer.from('5\r\n{"a":\r\n'),
        'omit',
      ),
    ),
    fc.constant(
      broken(
        'POST',
        ApiPaths.createApp,
        [
          ...auth,
          ['content-type', 'multipart/form-data; boundary=b'],
          ['transfer-encoding', 'chunked'],
        ],
        Buffer.from('ffffff\r\n--b\r\n'),
        'omit',
      ),
    ),
    fc
      .uint8Array({ minLength: 1, maxLength: 2000 })
      .map((bytes) => broken('POST', ApiPaths.signin, [json], Buffer.from(bytes))),
    fc
      .string({ unit: 'binary', maxLength: 60 })
      .map((target) => broken('GET', target, [], Buffer.alloc(0))),
    fc.string({ maxLength: 40 }).map((method) => broken(method, '/healthz', [], Buffer.alloc(0))),
    fc.string({ unit: 'binary', maxLength: 60 }).map((value) =>
      broken(
        'GET',
        ApiPaths.apps,
        [
          ['authorization', value],
          ['x-fuzz', value],
        ],
        Buffer.alloc(0),
      ),
    ),
    fc
      .constantFrom('HTTP/2', 'HTTP/1.1\r\nX: y')
      .map((target) => broken('PRI', `* ${target}`, [], Buffer.from('SM\r\n\r\n'))),
  );
}
