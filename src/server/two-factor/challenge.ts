import { randomBytes, timingSafeEqual } from 'node:crypto';
import { TwoFactorLimits } from '../../contract/two-factor.js';
import { createHmacSha256 } from '../keys/hmac-sha256.js';

/**
 * The sign-in's `Session` between the password and the code: a signed statement "this
 * developer gave the right password at this time", good for a few minutes. It needs no row:
 * every code tried with it is counted by the sign-in lockout, and each code is good once
 * (docs/decisions/063-developer-two-factor.md).
 */
export interface Challenge {
  readonly developerId: string;
  readonly issuedAt: number;
}

function keyOf(secret: string): Buffer {
  return createHmacSha256(secret)('second-factor-challenge/v1');
}

function sign(secret: string, payload: string): string {
  return createHmacSha256(keyOf(secret))(payload, 'base64url');
}

export function issueChallenge(secret: string, challenge: Challenge): string {
  const payload = Buffer.from(
    JSON.stringify({
      d: challenge.developerId,
      i: challenge.issuedAt,
      n: randomBytes(8).toString('base64url'),
    }),
  ).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The challenge of a token signed by us and still in time at `now`; else null. */
export function readChallenge(secret: string, token: string, now: number): Challenge | null {
  const [payload, signature, extra] = token.split('.');
  if (payload === undefined || signature === undefined || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null || !('d' in claims) || !('i' in claims)) {
    return null;
  }
  const { d: developerId, i: issuedAt } = claims;
  if (typeof developerId !== 'string' || typeof issuedAt !== 'number') return null;
  if (now >= issuedAt + TwoFactorLimits.challengeMs || issuedAt > now) return null;
  return { developerId, issuedAt };
}
