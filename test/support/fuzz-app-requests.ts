import fc from 'fast-check';
import { ApiPaths, LOGOS_PATH } from '../../src/contract/api-paths.js';
import { fileBytes, multipartBody, nastyString, oneFieldOff, type Part } from './fuzz-bodies.js';
import {
  anyMethod,
  percentEncoded,
  request,
  segment,
  type FuzzRequest,
  type FuzzTargets,
} from './fuzz-requests.js';

const ips = fc
  .array(fc.oneof(fc.ipV4(), fc.ipV6(), nastyString), { maxLength: 7 })
  .map((list) => list.join(','));

const appFieldValues: Record<string, fc.Arbitrary<string>> = {
  name: fc.constant('Fuzzed App'),
  callbackUrl: fc.constantFrom(
    'https://example.com/cb',
    'http://127.0.0.1/cb',
    'javascript:alert(1)',
  ),
  postbackUrl: fc.constantFrom('https://', 'https://example.com/pb'),
  allowedUsers: fc.constant('CLIENT1'),
  description: fc.string({ maxLength: 300 }),
  algo_id: fc.string(),
  ipRecords: ips,
  ip_address: ips,
  ipAddressDuplicateSkip: fc.constantFrom('true', 'false'),
  isActive: fc.constantFrom('true', 'false'),
  logoUrl: fc.constantFrom('https://example.com/x.png', ''),
};

const textPart: fc.Arbitrary<Part> = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...Object.keys(appFieldValues)) },
      fc.string(),
      fc.integer({ min: 100, max: 3000 }).map((n) => 'f'.repeat(n)),
    ),
    fc.boolean(),
    nastyString,
  )
  .chain(([name, isValid, nasty]) =>
    (isValid && Object.hasOwn(appFieldValues, name)
      ? (appFieldValues[name] ?? fc.constant(nasty))
      : fc.constant(nasty)
    ).map((value) => ({
      name,
      bytes: Buffer.from(value, 'utf8'),
    })),
  );

const filePart: fc.Arbitrary<Part> = fc.record({
  name: fc.oneof(
    fc.constant('file'),
    fc.ipV4().map((ip) => `document_${ip}`),
    fc.string(),
  ),
  filename: fc.oneof(
    fc.constant('defaultimage.png'),
    nastyString.map((s) => s.replace(/["\r\n]/g, '')),
  ),
  contentType: fc.constantFrom(
    'image/png',
    'application/pdf',
    'text/html',
    'application/octet-stream',
  ),
  bytes: fileBytes,
});

const validForm: Record<string, fc.Arbitrary<string>> = {
  name: fc.constant('Fuzzed App'),
  callbackUrl: fc.constant('https://example.com/cb'),
  allowedUsers: fc.constant('CLIENT1'),
  description: fc.constant('Fuzzed'),
  ipRecords: fc.constantFrom('', '30.0.0.1', '20.0.0.1'),
  ipAddressDuplicateSkip: fc.constant('false'),
};

/** A create or update form valid but for one field, with or without files. */
const nearlyValidParts: fc.Arbitrary<Part[]> = fc
  .tuple(
    fc.oneof(oneFieldOff(validForm, nastyString), fc.record(validForm)),
    fc.oneof(fc.constant([]), fc.array(filePart, { maxLength: 2 })),
  )
  .map(([values, files]) => [
    ...Object.entries(values).map(([name, value]) => ({ name, bytes: Buffer.from(value, 'utf8') })),
    ...files,
  ]);

/** Multipart bodies: right and wrong fields, files, boundaries, truncation, too many parts. */
const multipart = fc
  .record({
    parts: fc.oneof(
      { weight: 4, arbitrary: nearlyValidParts },
      {
        weight: 4,
        arbitrary: fc.array(fc.oneof({ weight: 3, arbitrary: textPart }, filePart), {
          maxLength: 12,
        }),
      },
      fc
        .integer({ min: 41, max: 80 })
        .map((n) =>
          Array.from({ length: n }, (_, i): Part => ({ name: `f${i}`, bytes: Buffer.from('x') })),
        ),
      fc.array(filePart, { minLength: 7, maxLength: 9 }),
    ),
    boundary: fc.oneof(
      fc.constant('fuzzBoundary7MA4YWxk'),
      fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,90}$/),
    ),
    header: fc.oneof(
      { weight: 10, arbitrary: fc.constant('right' as const) },
      fc.constantFrom('missing', 'other', 'long', 'mixed', 'json'),
    ),
    // Truncated one time in four.
    cut: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, fc.nat()),
  })
  .map(({ parts, boundary, header, cut }) => {
    const whole = multipartBody(parts, boundary);
    const bytes = cut === null ? whole : whole.subarray(0, cut % (whole.length + 1));
    const type = {
      right: `multipart/form-data; boundary=${boundary}`,
      missing: 'multipart/form-data',
      other: 'multipart/form-data; boundary=somethingElse',
      long: `multipart/form-data; boundary=${'b'.repeat(200)}`,
      mixed: `multipart/mixed; boundary=${boundary}`,
      json: 'application/json',
    }[header];
    return { bytes, headers: [['content-type', type] as const] };
  });

/** The bearer calls: list, read, create, update, delete, with hostile ids and bodies. */
export function applicationRequests(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const id = segment(t.ownAppId, t.otherAppId);
  return fc.oneof(
    request(fc.constantFrom('GET', 'HEAD'), fc.constant(ApiPaths.apps), t),
    request(
      fc.constantFrom('GET', 'HEAD'),
      id.map((i) => `${ApiPaths.createApp}/${i}`),
      t,
    ),
    request(
      fc.constant('DELETE'),
      segment(t.otherAppId).map((i) => `${ApiPaths.createApp}/${i}`),
      t,
    ),
    {
      weight: 3,
      arbitrary: request(fc.constant('POST'), fc.constant(ApiPaths.createApp), t, multipart),
    },
    {
      weight: 3,
      arbitrary: request(
        fc.constant('PUT'),
        id.map((i) => `${ApiPaths.createApp}/${i}`),
        t,
        multipart,
      ),
    },
    request(anyMethod, fc.constantFrom(ApiPaths.apps, ApiPaths.createApp), t, multipart),
  );
}

/** The public icons and the signed document links: traversal, forged and stale signatures. */
export function fileRequests(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const query = fc
    .record({
      expires: fc.oneof(
        fc.constant(t.documentQuery.expires),
        nastyString,
        fc.constantFrom('9'.repeat(16), '-1', '0'),
      ),
      signature: fc.oneof(fc.constant(t.documentQuery.signature), nastyString),
      repeat: fc.boolean(),
    })
    .map(({ expires, signature, repeat }) => {
      const q = `expires=${percentEncoded(expires)}&signature=${percentEncoded(signature)}`;
      return repeat ? `${q}&${q}` : q;
    });
  return fc.oneof(
    request(
      fc.constantFrom('GET', 'HEAD'),
      segment(t.logoName, 'AAAAAAAAAAAAAAAAAAAAAA.png').map((n) => `${LOGOS_PATH}/${n}`),
      t,
    ),
    request(
      fc.constantFrom('GET', 'HEAD'),
      fc
        .tuple(segment(t.documentKey), query)
        .map(([key, q]) => `${ApiPaths.documents}/${key}?${q}`),
      t,
    ),
    request(
      anyMethod,
      segment(t.logoName).map((n) => `${LOGOS_PATH}/${n}`),
      t,
    ),
    request(
      fc.constant('GET'),
      fc
        .oneof(fc.constant(''), nastyString.map(percentEncoded))
        .map((a) => `${ApiPaths.loginWithFlow}?auth=${a}`),
      t,
    ),
  );
}
