import { hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createHmacSha256, type HmacSha256 } from '../keys/hmac-sha256.js';

/**
 * Access tokens live 15 minutes, a sign-in's refresh tokens 30 days in all.
 * A just-rotated refresh token presented again within 10 s gets the same successor
 * (Supabase Auth's REFRESH_TOKEN_REUSE_INTERVAL), so two tabs refreshing at once both stay in.
 */
export const TokenRules = {
  accessTtlSeconds: 15 * 60,
  refreshFamilyTtlMs: 30 * 24 * 60 * 60_000,
  refreshReuseIntervalMs: 10_000,
} as const;

const ALGORITHM = 'HS256';

export interface AccessTokenClaims {
  readonly developerId: string;
  readonly clientCode: string | null;
  /** Issue time in ms: a password reset refuses tokens issued before it (same second too). */
  readonly issuedAtMs: number;
  /** The session (refresh-token family) the token was issued for: the `sid` claim. */
  readonly sessionId: string;
}

const signers = new Map<string, HmacSha256>();

/** The secret's HMAC, its pads made once: jose would import raw bytes on every call. */
function hmacOf(secret: string): HmacSha256 {
  let hmac = signers.get(secret);
  if (hmac === undefined) {
    hmac = createHmacSha256(secret);
    signers.set(secret, hmac);
  }
  return hmac;
}

const HEADER = Buffer.from(JSON.stringify({ alg: ALGORITHM, typ: 'JWT' })).toString('base64url');

/** The HS256 signature of a JWT's signing input (RFC 7515, section 5.1). */
function signatureOf(secret: string, signingInput: string): string {
  return hmacOf(secret)(signingInput, 'base64url');
}

/**
 * An HS256 JWT (RFC 7519) signed with node:crypto in the request's own turn: jose signs
 * through WebCrypto, a thread-pool job per token, which was a sixth of the event loop's work
 * per sign-in (docs/decisions/074-access-tokens-node-crypto.md). jose verifies these
 * (tokens.test.ts).
 */
export function signAccessToken(secret: string, claims: AccessTokenClaims): string {
  const iat = Math.floor(claims.issuedAtMs / 1000);
  const payload = {
    iat_ms: claims.issuedAtMs,
    sid: claims.sessionId,
    ...(claims.clientCode === null ? {} : { client_code: claims.clientCode }),
    sub: claims.developerId,
    iat,
    exp: iat + TokenRules.accessTtlSeconds,
    jti: randomUUID(),
  };
  const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signingInput}.${signatureOf(secret, signingInput)}`;
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Verifies with the one pinned algorithm (so `alg: none` and any other algorithm fail),
 * the signature and the expiry at `now`. Null for any token that does not pass.
 *
 * Synchronous HMAC-SHA256 on purpose: jose verifies through WebCrypto, which goes to the
 * thread pool and back on every signed-in request (decision 074).
 */
export function verifyAccessToken(
  secret: string,
  token: string,
  now: number,
): { developerId: string; issuedAtMs: number; sessionId: string | null } | null {
  const [header, payload, signature, extra] = token.split('.');
  if (header === undefined || payload === undefined || signature === undefined) return null;
  if (extra !== undefined) return null;
  const expected = Buffer.from(signatureOf(secret, `${header}.${payload}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const protectedHeader = decodeJson(header);
  const claims = decodeJson(payload);
  if (protectedHeader?.alg !== ALGORITHM || 'crit' in protectedHeader || claims === null) {
    return null;
  }
  const { sub, exp, iat, iat_ms: issuedAtMs, sid } = claims;
  if (typeof sub !== 'string' || typeof exp !== 'number' || typeof iat !== 'number') return null;
  if (typeof issuedAtMs !== 'number') return null;
  // As jose: expired once `exp` is not after the current second.
  if (exp <= Math.floor(now / 1000)) return null;
  return { developerId: sub, issuedAtMs, sessionId: typeof sid === 'string' ? sid : null };
}

/** An opaque 256-bit refresh token; only its SHA-256 is stored. */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The successor of a refresh token: HMAC of the parent under a key of its own (derived from
 * the access-token secret), so a repeat within the reuse interval gets the same token back
 * without the successor being stored anywhere (docs/decisions/021-sessions.md).
 */
export function successorRefreshToken(secret: string, parent: string): string {
  const key = hmacOf(secret)('refresh-token-successor/v1');
  return createHmacSha256(key)(parent, 'base64url');
}

export function hashRefreshToken(token: string): string {
  return hash('sha256', token, 'hex');
}
