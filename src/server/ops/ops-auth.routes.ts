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
import { normalizeIP } from '@fastify/rate-limit';
import { SignInLimits } from '../../contract/limits.js';
import type { DeviceCookies } from '../auth/device-cookie.js';
import type { OperatorAccounts } from './operator-accounts.js';
import type { OperatorSignIn } from './operator-sign-in.js';
import { recordOperatorAction } from './operator-audit.repository.js';
import { currentOperator, type OperatorSessions } from './operator-session.js';

export interface OpsAuthRouteDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly accounts: OperatorAccounts;
  readonly signIn: OperatorSignIn;
  /** The console's device cookies, signed under a key of their own (decision 047). */
  readonly devices: DeviceCookies;
  readonly sessions: OperatorSessions;
  readonly rateLimitPerMinute: number;
}

/** The browser's cookie of a successful console sign-in, apart from the developers'. */
export const OPS_DEVICE_COOKIE = 'portal_ops_device';

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
      const cookie = request.cookies[OPS_DEVICE_COOKIE];
      const { operator, isTrustedDevice } = await deps.signIn(request.body, {
        ip: request.ip,
        ipKey: normalizeIP(request.ip),
        deviceOf: (operatorId) => deps.devices.deviceOf(cookie, operatorId),
      });
      // Sent back on sign-in only, unreadable by scripts, as the developers' (decision 010).
      reply.setCookie(
        OPS_DEVICE_COOKIE,
        isTrustedDevice && cookie !== undefined ? cookie : deps.devices.issue(operator.id),
        {
          path: OpsApiPaths.session,
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          maxAge: SignInLimits.deviceCookieMaxAgeDays * 24 * 60 * 60,
        },
      );
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
