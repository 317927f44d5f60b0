import * as z from 'zod/mini';
import { ResponseStatusSchema } from './auth.js';

/**
 * An application's Connect sessions on its update screen (docs/connect.md, "Sessions"): each
 * access token still live today, until the daily logout or its end by the developer.
 */

/** A session's id: not the token nor its stored hash, derived from the hash (22 base64url). */
export const CONNECT_SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

export const ConnectSessionMessages = {
  listed: 'Connect sessions fetched',
  ended: 'Connect session ended',
  notFound: 'Connect session not found: it may have ended already',
  badId: 'Connect session id is not valid',
  // ours: the update screen's Connect sessions section (docs/product.md section 2)
  title: 'Connect sessions',
  lead: 'Trading clients signed in to this app through Connect today. Each session ends at the daily logout, or when you end it: the gateway refuses its token at once.',
  empty: 'No client is signed in to this app through Connect today.',
  loading: 'Loading Connect sessions…',
  loadFailed: 'The Connect sessions could not be loaded.',
  retry: 'Retry',
  clientCode: 'Client code',
  since: 'Since',
  address: 'Address',
  actions: 'Actions',
  endSession: 'End session',
  confirmTitle: 'End this Connect session?',
  confirmText: (clientCode: string) =>
    `Client ${clientCode} is signed out of this app at once and must sign in again through Connect.`,
  cancel: 'Cancel',
} as const;

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
