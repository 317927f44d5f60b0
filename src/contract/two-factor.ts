import * as z from 'zod/mini';
import { ResponseStatusSchema } from './auth.js';
import { TwoFactorMessages } from './messages-two-factor.js';

/**
 * The developers' second factor (docs/decisions/063-developer-two-factor.md): the broker's
 * policy, the sign-in's challenge and the account screen's calls.
 */
export const TWO_FACTOR_POLICIES = ['off', 'optional', 'required'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

export const TwoFactorLimits = {
  recoveryCodes: 10,
  /** How long the password's answer lets the second factor be given. */
  challengeMs: 5 * 60_000,
} as const;

/** Cognito's names: the sign-in answer asks for a code, or for a factor to be set up. */
export const ChallengeNames = {
  code: 'SOFTWARE_TOKEN_MFA',
  setup: 'MFA_SETUP',
  passkey: 'WEB_AUTHN',
} as const;

const Code = z
  .string({ error: TwoFactorMessages.codeRequired })
  .check(
    z.minLength(1, TwoFactorMessages.codeRequired),
    z.maxLength(32, TwoFactorMessages.codeWrong),
  );

/** The sign-in's second step: the password step's `Session` and a code or recovery code. */
export const SecondFactorRequestSchema = z.strictObject({
  session: z.string().check(z.minLength(1), z.maxLength(1024)),
  code: Code,
});
export type SecondFactorRequest = z.infer<typeof SecondFactorRequestSchema>;

/** The sign-in answer when the password was right and a code is still needed. */
export const SignInChallengeSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  user_status: z.object({
    ChallengeName: z.enum([ChallengeNames.code, ChallengeNames.passkey]),
    Session: z.string(),
    /** With a passkey enrolled: every answer the second step takes. */
    AvailableChallenges: z.optional(z.array(z.enum([ChallengeNames.code, ChallengeNames.passkey]))),
  }),
});
export type SignInChallenge = z.infer<typeof SignInChallengeSchema>;

export const TwoFactorStatusSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  policy: z.enum(TWO_FACTOR_POLICIES),
  /** When the authenticator app was set up (epoch ms); null when it is not. */
  totpEnrolledAt: z.nullable(z.number()),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TotpStartResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  secret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
});
export type TotpStartResponse = z.infer<typeof TotpStartResponseSchema>;

export const TotpCodeRequestSchema = z.strictObject({ code: Code });
export type TotpCodeRequest = z.infer<typeof TotpCodeRequestSchema>;

export const TotpRemoveRequestSchema = z.strictObject({
  password: z.string().check(z.minLength(1), z.maxLength(256)),
  code: Code,
});
export type TotpRemoveRequest = z.infer<typeof TotpRemoveRequestSchema>;

export const RecoveryCodesResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;
