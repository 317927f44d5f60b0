import * as z from 'zod/mini';
import { ResponseStatusSchema } from './auth.js';
import { PasskeyMessages } from './messages-passkeys.js';

/** Developers' passkeys (docs/decisions/067-developer-passkeys.md). */
export const PasskeyLimits = {
  /** How long a WebAuthn challenge handed to a browser stays good (once). */
  challengeMs: 5 * 60_000,
  nameMaxLength: 60,
  maxPerDeveloper: 20,
} as const;

const B64 = z.string().check(z.minLength(1), z.maxLength(4096), z.regex(/^[A-Za-z0-9_-]+=*$/));
const Transports = z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(8)));

/** What `navigator.credentials.create` made, as @simplewebauthn/browser encodes it. */
export const RegistrationCredentialSchema = z.object({
  id: B64,
  rawId: B64,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: B64,
    attestationObject: B64,
    transports: Transports,
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** What `navigator.credentials.get` answered, as @simplewebauthn/browser encodes it. */
export const AssertionCredentialSchema = z.object({
  id: B64,
  rawId: B64,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: B64,
    authenticatorData: B64,
    signature: B64,
    userHandle: z.optional(B64),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type AssertionCredential = z.infer<typeof AssertionCredentialSchema>;
export type RegistrationCredential = z.infer<typeof RegistrationCredentialSchema>;

const Name = z
  .string({ error: PasskeyMessages.nameRequired })
  .check(
    z.trim(),
    z.minLength(1, PasskeyMessages.nameRequired),
    z.maxLength(PasskeyLimits.nameMaxLength, PasskeyMessages.nameTooLong),
  );

export const PasskeyRegisterRequestSchema = z.strictObject({
  name: Name,
  credential: RegistrationCredentialSchema,
});
export type PasskeyRegisterRequest = z.infer<typeof PasskeyRegisterRequestSchema>;

/** Removing a passkey: the password (when the account has one) and a code or a passkey. */
export const PasskeyRemoveRequestSchema = z.strictObject({
  credentialId: B64,
  password: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  code: z.optional(z.string().check(z.minLength(1), z.maxLength(32))),
  assertion: z.optional(AssertionCredentialSchema),
});
export type PasskeyRemoveRequest = z.infer<typeof PasskeyRemoveRequestSchema>;

/** The session's step-up by passkey: the assertion alone. */
export const PasskeyStepUpRequestSchema = z.strictObject({ credential: AssertionCredentialSchema });

/** The sign-in's second step by passkey: the password step's `Session` and the assertion. */
export const PasskeySecondFactorRequestSchema = z.strictObject({
  session: z.string().check(z.minLength(1), z.maxLength(1024)),
  credential: AssertionCredentialSchema,
});
export type PasskeySecondFactorRequest = z.infer<typeof PasskeySecondFactorRequestSchema>;

export const PasskeySessionRequestSchema = z.strictObject({
  session: z.string().check(z.minLength(1), z.maxLength(1024)),
});

export const PasskeySignInRequestSchema = z.strictObject({
  credential: AssertionCredentialSchema,
});
export type PasskeySignInRequest = z.infer<typeof PasskeySignInRequestSchema>;

/** WebAuthn options for the browser (the JSON form @simplewebauthn/browser takes). */
export const PasskeyOptionsResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  options: z.looseObject({ challenge: z.string() }),
});
export type PasskeyOptionsResponse = z.infer<typeof PasskeyOptionsResponseSchema>;

export const PasskeySchema = z.object({
  credentialId: z.string(),
  name: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.nullable(z.number()),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyListResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  passkeys: z.array(PasskeySchema),
});
export type PasskeyListResponse = z.infer<typeof PasskeyListResponseSchema>;

/** The added passkey; the ten recovery codes when it is the account's first factor. */
export const PasskeyAddedResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  passkey: PasskeySchema,
  recoveryCodes: z.nullable(z.array(z.string())),
});
export type PasskeyAddedResponse = z.infer<typeof PasskeyAddedResponseSchema>;
