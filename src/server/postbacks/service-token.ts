import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Checks a bearer token against the configured SHA-256 hashes (POSTBACK_SERVICE_TOKEN_HASHES).
 * The token's hash is compared with every configured hash in constant time, without an early
 * exit, so the answer's timing tells nothing about which hash came close.
 */
export function isServiceToken(
  authorization: string | undefined,
  tokenHashes: readonly Buffer[],
): boolean {
  const match = /^Bearer ([^\s]+)$/.exec(authorization ?? '');
  if (match?.[1] === undefined) return false;
  const hash = createHash('sha256').update(match[1], 'utf8').digest();
  let isKnown = false;
  for (const expected of tokenHashes) {
    if (timingSafeEqual(hash, expected)) isKnown = true;
  }
  return isKnown;
}
