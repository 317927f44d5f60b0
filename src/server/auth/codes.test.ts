import { describe, expect, it } from 'vitest';
import { codeHashesMatch, generateCode, hashCode } from './codes.js';

describe('generateCode', () => {
  it('always gives six digits and spreads over the range', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });
});

describe('hashCode', () => {
  const secret = 'k'.repeat(43);

  it('is a keyed SHA-256 that never contains the code', () => {
    const hash = hashCode(secret, 'dev-1', 'verify', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('123456');
    expect(hashCode('x'.repeat(43), 'dev-1', 'verify', '123456')).not.toBe(hash);
  });

  it('binds the code to the developer and the purpose', () => {
    const hash = hashCode(secret, 'dev-1', 'verify', '123456');
    expect(hashCode(secret, 'dev-2', 'verify', '123456')).not.toBe(hash);
    expect(hashCode(secret, 'dev-1', 'reset', '123456')).not.toBe(hash);
    expect(hashCode(secret, 'dev-1', 'verify', '123456')).toBe(hash);
  });
});

describe('codeHashesMatch', () => {
  it('compares whole hashes only', () => {
    const hash = hashCode('k'.repeat(43), 'dev-1', 'verify', '123456');
    expect(codeHashesMatch(hash, hash)).toBe(true);
    expect(codeHashesMatch(hash, hash.slice(0, 62))).toBe(false);
    const lastFlipped = `${hash.slice(0, 63)}${hash.endsWith('0') ? '1' : '0'}`;
    expect(codeHashesMatch(hash, lastFlipped)).toBe(false);
    expect(codeHashesMatch(hash, '')).toBe(false);
  });
});
