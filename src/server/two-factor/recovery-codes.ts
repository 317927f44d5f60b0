import { randomInt } from 'node:crypto';
import { TwoFactorLimits } from '../../contract/two-factor.js';
import { createHmacSha256 } from '../keys/hmac-sha256.js';

// No 0/o, 1/l/i: a code read off paper is typed back right.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/** Ten fresh codes as shown, `xxxxx-xxxxx` (about 50 random bits each). */
export function newRecoveryCodes(): string[] {
  const part = () =>
    Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: TwoFactorLimits.recoveryCodes }, () => `${part()}-${part()}`);
}

/** Whether a typed code has a recovery code's form rather than an authenticator's digits. */
export function isRecoveryCodeForm(typed: string): boolean {
  return normalized(typed).length === HALF * 2;
}

function normalized(typed: string): string {
  return typed.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Stored as an HMAC under the code secret: a copied table reveals no code. */
export function hashRecoveryCode(codeHashSecret: string, typed: string): string {
  return createHmacSha256(codeHashSecret)(`recovery ${normalized(typed)}`, 'hex');
}
