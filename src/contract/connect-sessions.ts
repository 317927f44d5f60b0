import * as z from 'zod/mini';
import { ResponseStatusSchema } from './auth.js';
import { CONNECT_SESSION_ID, ConnectSessionMessages } from './connect-sessions-text.js';

export { CONNECT_SESSION_ID, ConnectSessionMessages } from './connect-sessions-text.js';

/**
 * An application's Connect sessions on its update screen (docs/connect.md, "Sessions"): each
 * access token still live today, until the daily logout or its end by the developer.
 */

export const ConnectSessionSchema = z.object({
  id: z.string(),
  clientCode: z.string(),
  /** ISO 8601: when the token was issued. */
  since: z.string(),
  /** The address the client signed in from (the consent or sign-in request's). */
  ip: z.string(),
});
export type ConnectSession = z.infer<typeof ConnectSessionSchema>;

export const ConnectSessionsResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  /** Newest first. */
  sessions: z.array(ConnectSessionSchema),
});
export type ConnectSessionsResponse = z.infer<typeof ConnectSessionsResponseSchema>;

export const ConnectSessionParamsSchema = z.object({
  id: z.string().check(z.maxLength(200)),
  sessionId: z.string().check(z.regex(CONNECT_SESSION_ID, ConnectSessionMessages.badId)),
});
