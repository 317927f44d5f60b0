import fc from 'fast-check';
import { makePng } from './png.js';

/** The server's JSON body limit (app.ts): bodies are generated on both sides of it. */
export const BODY_LIMIT = 64 * 1024;
/** The multipart per-file limit (docs/product.md section 9). */
const FILE_LIMIT = 1024 * 1024;

/** Strings that have broken servers: NUL, lone surrogates, traversal, injection, padding. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\uffff',
    '../../../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '%00',
    '__proto__',
    'constructor',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '${jndi:ldap://x}',
    '1e309',
    '-0',
    'true',
    'null',
    '\r\nX-Injected: 1',
  ),
  fc.integer({ min: 1, max: 5000 }).map((n) => 'x'.repeat(n)),
);

/** A huge string near or past the JSON body limit. */
export const hugeString: fc.Arbitrary<string> = fc
  .integer({ min: BODY_LIMIT - 2000, max: BODY_LIMIT + 4000 })
  .map((n) => 'a'.repeat(n));

/** Any JSON value of the wrong type for a string field. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true}}') as unknown),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A JSON value with a field set: right values, wrong types, nasty strings, extra keys. */
export function jsonObject(fields: Readonly<Record<string, fc.Arbitrary<unknown>>>) {
  const value = (valid: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 3, arbitrary: valid }, nastyString, wrongType, hugeString);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, valid] of Object.entries(fields)) record[name] = value(valid);
  return fc
    .tuple(
      fc.record(record, { requiredKeys: [] }),
      fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor')), wrongType, {
        maxKeys: 2,
      }),
      fc.boolean(),
    )
    .map(([known, extra, withExtra]) => (withExtra ? { ...extra, ...known } : known));
}

function nested(depth: number, open: string, close: string, inner = '1'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

/** A valid value for every field but one, which is hostile: reaches past the first check. */
export function oneFieldOff<T>(
  fields: Readonly<Record<string, fc.Arbitrary<T>>>,
  hostile: fc.Arbitrary<T>,
) {
  return fc
    .tuple(fc.record(fields), fc.constantFrom(...Object.keys(fields)), hostile)
    .map(([valid, field, value]) => ({ ...valid, [field]: value }));
}

/** JSON text: a generated object, or text no JSON parser should accept, or deep nesting. */
export function jsonText(fields: Readonly<Record<string, fc.Arbitrary<unknown>>>) {
  const objectText = jsonObject(fields).map((value) => JSON.stringify(value));
  const hostile = fc.oneof(nastyString, wrongType);
  return fc.oneof(
    { weight: 4, arbitrary: objectText },
    { weight: 3, arbitrary: oneFieldOff(fields, hostile).map((value) => JSON.stringify(value)) },
    objectText.chain((text) =>
      fc.integer({ min: 0, max: text.length }).map((cut) => text.slice(0, cut)),
    ),
    fc.integer({ min: 10, max: 30_000 }).map((d) => nested(d, '[', ']')),
    fc.integer({ min: 10, max: 10_000 }).map((d) => nested(d, '{"a":', '}')),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.string(),
    fc.constantFrom('', 'null', '[]', '"text"', '{', '{"email":}', '\u0000', '{"a":1}{"b":2}'),
    hugeString.map((s) => JSON.stringify({ email: s, password: s })),
  );
}

/** Bytes for a file part: a real icon, a wrong-size PNG, a PDF header, noise, empty, too big. */
export const fileBytes: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constant(makePng(55, 55)),
  fc.constantFrom(makePng(54, 55), makePng(1, 1)),
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.concat([Buffer.from('%PDF-1.7\n'), b])),
  fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)),
  fc.constant(Buffer.alloc(0)),
  fc.constant(makePng(55, 55).subarray(0, 40)),
  fc.constantFrom(FILE_LIMIT, FILE_LIMIT + 1).map((n) => Buffer.alloc(n, 7)),
);

export interface Part {
  readonly name: string;
  readonly filename?: string;
  readonly contentType?: string;
  readonly bytes: Buffer;
}

/** Serializes parts with `boundary`; nothing is escaped, so names may break the headers. */
export function multipartBody(parts: readonly Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${
      part.filename === undefined ? '' : `; filename="${part.filename}"`
    }`;
    const type = part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'utf8'),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
