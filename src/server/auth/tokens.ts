import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Issue 3: access tokens live 15 minutes, a sign-in's refresh tokens 30 days in all. */
export const TokenRules = {
  accessTtlSeconds: 15 * 60,
  refreshFamilyTtlMs: 30 * 24 * 60 * 60_000,
} as const;

const ALGORITHM = 'HS256';

export interface AccessTokenClaims {
  readonly developerId: string;
  readonly clientCode: string | null;
  /** Issue time in ms: a password reset refuses tokens issued before it (same second too). */
  readonly issuedAtMs: number;
}

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(secret: string, claims: AccessTokenClaims): Promise<string> {
  const iat = Math.floor(claims.issuedAtMs / 1000);
  return new SignJWT({
    iat_ms: claims.issuedAtMs,
    ...(claims.clientCode === null ? {} : { client_code: claims.clientCode }),
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.developerId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TokenRules.accessTtlSeconds)
    .setJti(randomUUID())
    .sign(keyOf(secret));
}

/**
 * Verifies with the one pinned algorithm (so `alg: none` and any other algorithm fail),
 * the signature and the expiry at `now`. Null for any token that does not pass.
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: number,
): Promise<{ developerId: string; issuedAtMs: number } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      currentDate: new Date(now),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const issuedAtMs = payload.iat_ms;
    if (typeof payload.sub !== 'string' || typeof issuedAtMs !== 'number') return null;
    return { developerId: payload.sub, issuedAtMs };
  } catch {
    return null;
  }
}

/** An opaque 256-bit refresh token; only its SHA-256 is stored. */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
