import * as z from 'zod/mini';
import type { JobDefinition } from '../jobs/job-definition.js';

/** `trustedFor`: the developer whose device cookie the asking browser held. */
const ResetCodeRequestSchema = z.object({ email: z.string(), trustedFor: z.optional(z.string()) });

/**
 * A forgot-password request, queued as it is so the answer costs the same for known and
 * unknown addresses. The address a person typed is erased once the job is done.
 */
export const ResetCodeJob: JobDefinition<typeof ResetCodeRequestSchema> = {
  kind: 'auth.reset-code',
  payload: ResetCodeRequestSchema,
  maxAttempts: 5,
  isPayloadSecret: true,
};
