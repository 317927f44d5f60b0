import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EnrollmentQuerySchema,
  EnrollmentResponseSchema,
  EnrollRequestSchema,
  OpsApiPaths,
  OpsDoneResponseSchema,
  OpsSessionResponseSchema,
  OpsSignInRequestSchema,
} from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import { OpsErrors } from './ops-route-parts.js';
import { perIpLimit } from '../auth/rate-limits.js';
import type { Clock } from '../clock.js';
import { noStore } from '../http/no-store.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { OperatorAccounts } from './operator-accounts.js';
import { recordOperatorAction } from './operator-audit.repository.js';
import { currentOperator, type OperatorSessions } from './operator-session.js';

export interface OpsAuthRouteDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly accounts: OperatorAccounts;
  readonly sessions: OperatorSessions;
  readonly rateLimitPerMinute: number;
}

/** The console's sign-in, sign-out and enrollment. */
export function registerOpsAuthRoutes(app: FastifyInstance, deps: OpsAuthRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { config: perIpLimit(deps.rateLimitPerMinute), onSend: noStore };

  r.get(
    OpsApiPaths.session,
    {
      preHandler: deps.sessions.require('any'),
      onSend: noStore,
      schema: { response: { 200: OpsSessionResponseSchema, ...ErrorResponses } },
    },
    (request) => ({ operator: currentOperator(request) }),
  );

  r.post(
    OpsApiPaths.session,
    {
      ...limited,
      schema: {
        body: OpsSignInRequestSchema,
        response: { 200: OpsSessionResponseSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const operator = await deps.accounts.signIn(request.body);
      await deps.sessions.start(request, reply, operator.id);
      await recordOperatorAction(deps.db, {
        operator,
        ip: request.ip,
        at: deps.clock.now(),
        action: 'operator.signed_in',
        target: operator.email,
      });
      return { operator };
    },
  );

  r.delete(
    OpsApiPaths.session,
    {
      preHandler: deps.sessions.require('any'),
      onSend: noStore,
      schema: { response: { 200: OpsDoneResponseSchema, ...ErrorResponses } },
    },
    async (request, reply) => {
      const operator = currentOperator(request);
      await deps.sessions.end(request, reply);
      await recordOperatorAction(deps.db, {
        operator,
        ip: request.ip,
        at: deps.clock.now(),
        action: 'operator.signed_out',
        target: operator.email,
      });
      return { message: OpsMessages.login.signedOut };
    },
  );

  r.get(
    OpsApiPaths.enrollment,
    {
      ...limited,
      schema: {
        querystring: EnrollmentQuerySchema,
        response: { 200: EnrollmentResponseSchema, ...OpsErrors },
      },
    },
    (request) => deps.accounts.enrollment(request.query.token),
  );

  r.post(
    OpsApiPaths.enrollment,
    {
      ...limited,
      schema: {
        body: EnrollRequestSchema,
        response: { 200: OpsDoneResponseSchema, ...OpsErrors },
      },
    },
    async (request) => {
      await deps.accounts.enroll(request.body, request.ip);
      return { message: OpsMessages.enroll.done };
    },
  );
}
