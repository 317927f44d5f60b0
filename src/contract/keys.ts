import * as z from 'zod/mini';
import { ResponseStatusSchema } from './auth.js';
import { KEY_GRACES } from './key-grace.js';

export { KEY_GRACE_PERIODS, KEY_GRACES, type KeyGrace } from './key-grace.js';

/**
 * API keys: roll with a grace period for the old key, reveal after a step-up
 * (docs/decisions/024-api-keys-at-rest.md, docs/decisions/068-step-up.md).
 */
export const KeyGraceSchema = z.enum(KEY_GRACES);

/**
 * API_KEY_IN_READS: application reads carry the current key `whole` (the spec's `secret`) or
 * only `masked`, the whole key then coming through the reveal (docs/decisions/068-step-up.md).
 */
export const API_KEY_IN_READS = ['whole', 'masked'] as const;
export type ApiKeyInReads = (typeof API_KEY_IN_READS)[number];

export const KeyLimits = {
  /** Password tries of a signed-in session per developer and window, counted before the hash. */
  revealTries: 5,
  revealWindowMs: 15 * 60_000,
} as const;

/** One key of an application as its answers list it: never the whole key. */
export const ApiKeySchema = z.object({
  id: z.string(),
  masked: z.string(),
  /** ISO-8601; null for the current key, else when the old key stops working. */
  expiresAt: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const RevealedKeySchema = z.extend(ApiKeySchema, { key: z.string() });
export type RevealedKey = z.infer<typeof RevealedKeySchema>;

export const RollKeyRequestSchema = z.strictObject({ grace: KeyGraceSchema });
export type RollKeyRequest = z.infer<typeof RollKeyRequestSchema>;

export const RollKeyResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  /** The new current key, whole: the copy button copies it without a reveal. */
  secret: z.string(),
  keys: z.array(ApiKeySchema),
});
export type RollKeyResponse = z.infer<typeof RollKeyResponseSchema>;

/** Nothing: the session's step-up is the proof (docs/decisions/068-step-up.md). */
export const RevealKeysRequestSchema = z.strictObject({});
export type RevealKeysRequest = z.infer<typeof RevealKeysRequestSchema>;

export const RevealKeysResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  keys: z.array(RevealedKeySchema),
  /** ISO-8601: the step-up's end; the screen hides the keys again at this instant. */
  revealedUntil: z.string(),
});
export type RevealKeysResponse = z.infer<typeof RevealKeysResponseSchema>;
