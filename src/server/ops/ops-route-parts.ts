import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { ErrorResponseSchema, ErrorResponses } from '../auth/auth.responses.js';
import type { Actor } from './operator-accounts.js';
import { currentOperator } from './operator-session.js';

/** The error answers of the console's routes: those of every route, and 404. */
export const OpsErrors = { ...ErrorResponses, 404: ErrorResponseSchema } as const;

/** The `:id` of a console route's path. */
export const IdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });

/** The signed-in operator of the request and the address it came from, for the audit. */
export function actorOf(request: FastifyRequest): Actor {
  return { operator: currentOperator(request), ip: request.ip };
}
