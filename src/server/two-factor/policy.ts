import type { TwoFactorPolicy } from '../../contract/two-factor.js';

/** DEVELOPER_2FA=off asks no second factor, even of developers who set one up before. */
export function asksSecondFactor(
  policy: TwoFactorPolicy,
  developer: { readonly secondFactorAt: number | null },
): boolean {
  return policy !== 'off' && developer.secondFactorAt !== null;
}

/** DEVELOPER_2FA=required: a developer without a factor may only set one up. */
export function mustEnroll(
  policy: TwoFactorPolicy,
  developer: { readonly secondFactorAt: number | null },
): boolean {
  return policy === 'required' && developer.secondFactorAt === null;
}

/**
 * RFC 8176 methods that are a second factor beside the provider's password: `mfa` itself, a
 * one-time code, a key (hardware, software, smart card) or a biometric.
 */
const SECOND_FACTOR_AMR = new Set([
  'mfa',
  'otp',
  'sms',
  'tel',
  'hwk',
  'swk',
  'sc',
  'fpt',
  'face',
  'iris',
]);

/** Whether the provider's `amr` says its login used two factors: then the portal asks none. */
export function isTwoFactorAmr(amr: readonly string[]): boolean {
  return amr.some((method) => SECOND_FACTOR_AMR.has(method));
}
