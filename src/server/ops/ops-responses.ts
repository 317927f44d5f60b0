import { ErrorResponseSchema, ErrorResponses } from '../auth/auth.responses.js';

/** The error answers of the console's routes: those of every route, and 404. */
export const OpsErrors = { ...ErrorResponses, 404: ErrorResponseSchema } as const;
