import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, TokenRules, verifyAccessToken } from './tokens.js';

const SECRET = 's'.repeat(43);
const ISSUED_AT_MS = Date.UTC(2026, 10, 30, 4, 30, 0, 250);
const CLAIMS = {
  developerId: 'dev-1',
  clientCode: 'AB1234',
  issuedAtMs: ISSUED_AT_MS,
  sessionId: 'session-1',
};

describe('access tokens signed with node:crypto', () => {
  it('are HS256 JWTs that jose verifies, with every claim the portal reads', async () => {
    const token = signAccessToken(SECRET, CLAIMS);
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      algorithms: ['HS256'],
      currentDate: new Date(ISSUED_AT_MS),
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    const iat = Math.floor(ISSUED_AT_MS / 1000);
    expect(payload).toMatchObject({
      sub: 'dev-1',
      sid: 'session-1',
      client_code: 'AB1234',
      iat_ms: ISSUED_AT_MS,
      iat,
      exp: iat + TokenRules.accessTtlSeconds,
    });
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('name no client code when the developer has none, and each has its own jti', () => {
    const first = signAccessToken(SECRET, { ...CLAIMS, clientCode: null });
    const second = signAccessToken(SECRET, { ...CLAIMS, clientCode: null });
    const claimsOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
    expect(claimsOf(first)).not.toHaveProperty('client_code');
    expect(claimsOf(first).jti).not.toBe(claimsOf(second).jti);
    expect(decodeProtectedHeader(first).alg).toBe('HS256');
  });

  it('jose refuses under another secret, and the portal refuses what jose signed otherwise', async () => {
    const token = signAccessToken(SECRET, CLAIMS);
    await expect(
      jwtVerify(token, new TextEncoder().encode('o'.repeat(43)), {
        currentDate: new Date(ISSUED_AT_MS),
      }),
    ).rejects.toThrow('signature verification failed');
    expect(verifyAccessToken('o'.repeat(43), token, ISSUED_AT_MS)).toBeNull();
    expect(verifyAccessToken(SECRET, token, ISSUED_AT_MS)).toEqual({
      developerId: 'dev-1',
      issuedAtMs: ISSUED_AT_MS,
      sessionId: 'session-1',
    });
  });
});
