import * as z from 'zod/mini';
import { ResponseStatusSchema } from './auth.js';

/**
 * The account screen's sessions list (docs/decisions/021-sessions.md): one entry per sign-in
 * (a refresh-token family) that can still refresh.
 */

export { PLACE_HEADER, TIME_ZONE_MAX_LENGTH, TIME_ZONE_PATTERN } from './session-place.js';

export const SessionSchema = z.object({
  id: z.string(),
  /** e.g. 'Chrome on Linux'. */
  browser: z.string(),
  ip: z.string(),
  /** The browser's time zone at sign-in; null when it sent none. */
  place: z.nullable(z.string()),
  /** ISO 8601. */
  signedInAt: z.string(),
  /** ISO 8601: the sign-in or the last refresh. */
  lastUsedAt: z.string(),
  /** The session of the access token that asked. */
  isCurrent: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionsResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  /** Most recently used first. */
  sessions: z.array(SessionSchema),
});
export type SessionsResponse = z.infer<typeof SessionsResponseSchema>;

export const SessionParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
});

export const SignOutOthersResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  /** How many sessions ended. */
  ended: z.number(),
});
export type SignOutOthersResponse = z.infer<typeof SignOutOthersResponseSchema>;
