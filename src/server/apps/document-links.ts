import { timingSafeEqual } from 'node:crypto';
import { ApiPaths } from '../../contract/api-paths.js';
import { createHmacSha256 } from '../keys/hmac-sha256.js';

/** Proof documents are private: a link works for 15 minutes and only with its signature. */
export const DOCUMENT_LINK_TTL_MS = 15 * 60 * 1000;

/**
 * Signs the pair, not the two texts run together: `ab` + `1...` and `ab1` + `...` must not
 * share a signature. Links signed before the separator stop working (they live 15 minutes).
 */
function signatureOf(secret: string, key: string, expires: number): string {
  return createHmacSha256(secret)(JSON.stringify([key, expires]), 'base64url');
}

/** A path, not a URL, so the link works on whatever host the portal is reached by. */
export function signDocumentLink(secret: string, key: string, now: number): string {
  const expires = now + DOCUMENT_LINK_TTL_MS;
  const signature = signatureOf(secret, key, expires);
  return `${ApiPaths.documents}/${key}?expires=${expires}&signature=${signature}`;
}

/** True when the signature is ours for this key and expiry, and the link has not expired. */
export function isValidDocumentLink(
  secret: string,
  key: string,
  expires: string,
  signature: string,
  now: number,
): boolean {
  if (!/^\d{1,15}$/.test(expires)) return false;
  const expiresAt = Number(expires);
  if (expiresAt < now) return false;
  const expected = Buffer.from(signatureOf(secret, key, expiresAt));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
