import * as z from 'zod/mini';
import { ResponseStatusSchema } from './auth.js';

/**
 * Asking again (docs/decisions/068-step-up.md): a signed-in session proves a second factor (or,
 * for an account without one, the password) and may then reveal and roll keys and secrets,
 * change an IP list, the password or the factors for a while.
 */
export const StepUpLimits = {
  /** How long one proof lets the session make guarded changes. */
  grantMs: 5 * 60_000,
} as const;

export const StepUpPaths = {
  /** Ours: the proof (POST `{code}` or `{password}`). */
  stepUp: '/api/v1/account/step-up',
} as const;

const Proof = z.string().check(z.minLength(1), z.maxLength(256));

/** A code or recovery code for an account with a factor; the password for one without. */
export const StepUpRequestSchema = z.union([
  z.strictObject({ code: Proof }),
  z.strictObject({ password: Proof }),
]);
export type StepUpRequest = z.infer<typeof StepUpRequestSchema>;

export const StepUpResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  /** ISO-8601: guarded calls answer `step_up_required` again from this instant. */
  stepUpUntil: z.string(),
});
export type StepUpResponse = z.infer<typeof StepUpResponseSchema>;
