import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: codes, tokens and request ids. */
export function newOpaque(): string {
  return randomBytes(32).toString('base64url');
}

/** Codes and tokens are stored only as their SHA-256: a copy of the database signs nobody in. */
export function opaqueHash(value: string): string {
  return hash('sha256', value, 'base64url');
}

/** RFC 7636 section 4.6: BASE64URL(SHA256(ASCII(code_verifier))). */
export function s256(verifier: string): string {
  return hash('sha256', Buffer.from(verifier, 'ascii'), 'base64url');
}

// RFC 7636 section 4.1: 43 to 128 unreserved characters; the S256 challenge is 43.
export const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
export const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;
