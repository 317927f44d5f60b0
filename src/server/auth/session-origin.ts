import type { FastifyRequest } from 'fastify';
import { PLACE_HEADER, TIME_ZONE_MAX_LENGTH, TIME_ZONE_PATTERN } from '../../contract/sessions.js';
import { summarizeUserAgent } from './user-agent.js';

/** Where a sign-in came from, as the sessions list shows it (docs/decisions/021-sessions.md). */
export interface SessionOrigin {
  readonly browser: string;
  /** The client address as `TRUST_PROXY` resolves it. */
  readonly ip: string;
  readonly place: string | null;
}

/** A time zone `Intl` knows, or null: a wrong header never stops a sign-in. */
export function placeOf(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string' || header.length > TIME_ZONE_MAX_LENGTH) return null;
  if (!TIME_ZONE_PATTERN.test(header)) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: header });
    return header;
  } catch {
    return null;
  }
}

export function sessionOriginOf(request: FastifyRequest): SessionOrigin {
  return {
    browser: summarizeUserAgent(request.headers['user-agent']),
    ip: request.ip,
    place: placeOf(request.headers[PLACE_HEADER.toLowerCase()]),
  };
}
