import * as z from 'zod/mini';
import { ErrorCodes } from './error-codes.js';

// Apart from the codes so the web app's first page reads a code without the validation
// library (decision 029).

export const ErrorCodeSchema = z.enum(ErrorCodes);

/** Every error body: `{status: 'error', code, message}` plus the fields of its rule (kept as is). */
export const ErrorBodySchema = z.looseObject({
  status: z.literal('error'),
  code: ErrorCodeSchema,
  message: z.string(),
});
