import { hash, randomBytes } from 'node:crypto';

/** A console secret handed out once (an enrollment link's, a session cookie's): 256 random bits. */
export function newOpsToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of such a token: its SHA-256. */
export function hashOpsToken(token: string): string {
  return hash('sha256', token, 'base64url');
}
