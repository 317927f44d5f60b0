import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { OpsLimits } from '../../contract/ops.js';

/**
 * The operators' second factor: RFC 6238 TOTP (SHA-1, 6 digits, 30 s), by the otpauth
 * library; the enrollment QR code by the qrcode library, as SVG.
 */
function totpOf(secretBase32: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secretBase32),
    digits: OpsLimits.totpDigits,
    period: OpsLimits.totpPeriodSeconds,
  });
}

/** A new secret of 160 random bits (RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export interface TotpEnrollment {
  readonly otpauthUri: string;
  readonly qrSvg: string;
}

export async function totpEnrollment(
  secretBase32: string,
  email: string,
  issuer: string,
): Promise<TotpEnrollment> {
  const otpauthUri = totpOf(secretBase32, email, issuer).toString();
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2 });
  return { otpauthUri, qrSvg };
}

/**
 * The time step `code` belongs to, within one step of `now` either side, when that step is
 * later than `lastStep` (a code is good once); otherwise null.
 */
export function acceptedTotpStep(
  secretBase32: string,
  code: string,
  now: number,
  lastStep: number | null,
): number | null {
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, timestamp: now, window: OpsLimits.totpWindow });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: now }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
