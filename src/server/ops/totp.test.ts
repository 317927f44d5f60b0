import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { acceptedTotpStep, newTotpSecret, totpEnrollment } from './totp.js';

const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });

describe('TOTP second factor', () => {
  it('accepts the code of the current step and of one step either side, nothing further', () => {
    const secret = newTotpSecret();
    expect(acceptedTotpStep(secret, codeAt(secret, T0), T0, null)).toBe(T0 / 30_000);
    expect(acceptedTotpStep(secret, codeAt(secret, T0 - 30_000), T0, null)).toBe(T0 / 30_000 - 1);
    expect(acceptedTotpStep(secret, codeAt(secret, T0 + 30_000), T0, null)).toBe(T0 / 30_000 + 1);
    expect(acceptedTotpStep(secret, codeAt(secret, T0 - 90_000), T0, null)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(secret, T0 + 90_000), T0, null)).toBeNull();
  });

  it('refuses a code of a step already used, or older', () => {
    const secret = newTotpSecret();
    const step = T0 / 30_000;
    expect(acceptedTotpStep(secret, codeAt(secret, T0), T0, step)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(secret, T0 - 30_000), T0, step)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(secret, T0 + 30_000), T0, step)).toBe(step + 1);
  });

  it("refuses another secret's code", () => {
    const secret = newTotpSecret();
    expect(acceptedTotpStep(newTotpSecret(), codeAt(secret, T0), T0, null)).toBeNull();
  });

  it('makes an otpauth URI naming the operator and the issuer, and its QR code as SVG', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const { otpauthUri, qrSvg } = await totpEnrollment(secret, 'ana@example.com', 'Acme');
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Acme');
    expect(decodeURIComponent(uri.pathname)).toContain('ana@example.com');
    expect(qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
  });
});
