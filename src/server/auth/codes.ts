import { randomInt, timingSafeEqual } from 'node:crypto';
import { createHmacSha256 } from '../keys/hmac-sha256.js';
import type { CodePurpose } from '../db/schema.js';

/** A code lives 10 minutes, allows 5 wrong tries, 60 s between sends, 5 an hour. */
export const CodeRules = {
  ttlMs: 10 * 60_000,
  maxAttempts: 5,
  resendGapMs: 60_000,
  sendsPerWindow: 5,
  windowMs: 60 * 60_000,
} as const;

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Only this keyed hash is stored. Binding the developer and the purpose into it means a
 * verification code can never pass as a reset code, nor one developer's as another's.
 */
export function hashCode(
  secret: string,
  developerId: string,
  purpose: CodePurpose,
  code: string,
): string {
  return createHmacSha256(secret)(`${developerId}:${purpose}:${code}`, 'hex');
}

export function codeHashesMatch(expected: string, actual: string): boolean {
  const left = Buffer.from(expected, 'hex');
  const right = Buffer.from(actual, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
