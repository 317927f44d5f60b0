import fc from 'fast-check';
import { OpsCookies } from '../../src/server/ops/operator-session.js';
import { nastyString } from './fuzz-bodies.js';
import {
  anyMethod,
  headerValue,
  jsonBody,
  percentEncoded,
  type FuzzTargets,
  type Header,
} from './fuzz-requests.js';

/**
 * The console's real accounts, sessions and records a fuzz run aims at; below,
 * the credentials, queries and bodies its requests are made of.
 */
export interface OpsFuzzTargets extends FuzzTargets {
  /** Session tokens: the admin's (never ended by the run), a reviewer's, a spare to sign out. */
  readonly adminSession: string;
  readonly reviewerSession: string;
  readonly spareSession: string;
  readonly adminId: string;
  /** Enrolled operators' e-mails: a wrong try is counted on their row. */
  readonly operatorEmails: readonly string[];
  /** Operators other than the admin: reset and disable may change them. */
  readonly otherOperatorIds: readonly string[];
  /** A live enrollment link's token. */
  readonly enrollmentToken: string;
  /** Every developer; `actionDeveloperIds` those support's actions may change. */
  readonly developerIds: readonly string[];
  readonly actionDeveloperIds: readonly string[];
  readonly appIds: readonly string[];
  /** Pending proofs: an application and one of its IPs each. */
  readonly proofs: readonly { readonly applicationId: string; readonly ip: string }[];
}

const sessionCookie = (token: string) => `${OpsCookies.http}=${token}`;

/**
 * Mostly `session` (the admin's); else none, `other` (a reviewer's: 403s), a developer's
 * bearer, or forged cookies.
 */
export function consoleCredentials(
  o: OpsFuzzTargets,
  session = o.adminSession,
  other = o.reviewerSession,
): fc.Arbitrary<Header[]> {
  const withSession = (token: string): Header[] => [
    ['cookie', `${sessionCookie(token)}; XSRF-TOKEN=${o.xsrf}`],
    ['x-xsrf-token', o.xsrf],
  ];
  const hostile = fc
    .record(
      {
        cookie: fc.oneof(
          headerValue.map((v) => `${sessionCookie(v)}; XSRF-TOKEN=${o.xsrf}`),
          fc.constantFrom(
            `${sessionCookie(`${session}x`)}; XSRF-TOKEN=${o.xsrf}`,
            `${OpsCookies.https}=${session}; XSRF-TOKEN=${o.xsrf}`,
            `${sessionCookie(session)}; ${sessionCookie('forged')}; XSRF-TOKEN=${o.xsrf}`,
            `${sessionCookie(session)}; XSRF-TOKEN=forged.value`,
            sessionCookie(session),
          ),
          headerValue,
        ),
        'x-xsrf-token': fc.oneof(fc.constant(o.xsrf), headerValue),
        authorization: fc.oneof(fc.constant(`Bearer ${o.bearer}`), headerValue),
      },
      { requiredKeys: [] },
    )
    .map((headers) => Object.entries(headers));
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(withSession(session)) },
    {
      weight: 2,
      arbitrary: fc.constant<Header[]>([
        ['cookie', `XSRF-TOKEN=${o.xsrf}`],
        ['x-xsrf-token', o.xsrf],
      ]),
    },
    fc.constant(withSession(other)),
    fc.constant<Header[]>([
      ['cookie', `XSRF-TOKEN=${o.xsrf}`],
      ['x-xsrf-token', o.xsrf],
      ['authorization', `Bearer ${o.bearer}`],
    ]),
    { weight: 2, arbitrary: hostile },
  );
}

/** A query string: mostly known values, else hostile ones, repeated or unknown keys. */
export function query(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const value = (known: fc.Arbitrary<string>) =>
    fc.oneof(
      { weight: 5, arbitrary: known.map(encodeURIComponent) },
      nastyString.map(percentEncoded),
    );
  const pairs = Object.entries(fields).map(([name, known]) =>
    fc.option(
      value(known).map((v) => `${name}=${v}`),
      { nil: undefined },
    ),
  );
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant('') },
    fc.constantFrom('&x=1', `&${Object.keys(fields)[0] ?? 'q'}=again`, '&&', '&=', '&%zz'),
  );
  return fc
    .tuple(fc.tuple(...pairs), extra)
    .map(([given, more]) => `?${given.filter((p) => p !== undefined).join('&')}${more}`);
}

/**
 * Mostly a body of the right shape (`valid`, as the console sends it), so the handlers are
 * reached; else any of jsonBody's malformed, hostile or mistyped ones.
 */
export function shaped(valid: fc.Arbitrary<object>, fields: Record<string, fc.Arbitrary<unknown>>) {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: valid.map((value) => ({
        bytes: Buffer.from(JSON.stringify(value), 'utf8'),
        headers: [['content-type', 'application/json'] as Header],
      })),
    },
    { weight: 2, arbitrary: jsonBody(fields) },
  );
}

/** `shaped` with every field of `fields` present. */
export const shapedRecord = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  shaped(fc.record(fields), fields);

/** Mostly the known value, so more requests get past validation; else a hostile one. */
export const mostly = <T>(known: fc.Arbitrary<T>, other: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: known }, other);
export const code = mostly(fc.stringMatching(/^\d{6}$/), nastyString);
export const post = fc.oneof({ weight: 4, arbitrary: fc.constant('POST') }, anyMethod);
export const get = fc.oneof({ weight: 4, arbitrary: fc.constant('GET') }, anyMethod);
export const atId = (pattern: string, id: fc.Arbitrary<string>) =>
  id.map((value) => pattern.replace(':id', value));
export const reason = mostly(fc.constant('Asked by the developer on the phone'), nastyString);
