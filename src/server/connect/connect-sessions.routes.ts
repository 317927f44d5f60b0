import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { StatusResponseSchema } from '../../contract/auth.js';
import {
  ConnectSessionMessages,
  ConnectSessionParamsSchema,
  ConnectSessionsResponseSchema,
} from '../../contract/connect-sessions.js';
import { activityOriginOf } from '../activity/activity-origin.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import { authenticatedDeveloperId } from '../auth/authenticate.js';
import { perIpLimit } from '../auth/rate-limits.js';
import { noStore } from '../http/no-store.js';
import type { ConnectSessionsService } from './connect-sessions.service.js';
import { ConnectSessionPaths } from '../../contract/connect-session-paths.js';

const IdParamsSchema = z.object({ id: z.string().check(z.maxLength(200)) });
const Responses = { ...ErrorResponses, 404: ErrorResponses[400] } as const;

/** `/api/v1/app/:id/connect-sessions`: the developer's own application's sessions, end one. */
export function registerConnectSessionsRoutes(
  app: FastifyInstance,
  deps: { sessions: ConnectSessionsService; rateLimitPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: app.authenticate, onSend: noStore };

  r.get(
    ConnectSessionPaths.listPattern,
    {
      ...read,
      schema: {
        params: IdParamsSchema,
        response: { 200: ConnectSessionsResponseSchema, ...Responses },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: ConnectSessionMessages.listed,
      sessions: await deps.sessions.list(authenticatedDeveloperId(request), request.params.id),
    }),
  );

  r.delete(
    ConnectSessionPaths.onePattern,
    {
      ...read,
      config: perIpLimit(deps.rateLimitPerMinute),
      schema: {
        params: ConnectSessionParamsSchema,
        response: { 200: StatusResponseSchema, ...Responses },
      },
    },
    async (request) => {
      await deps.sessions.end(
        authenticatedDeveloperId(request),
        request.params.id,
        request.params.sessionId,
        activityOriginOf(request),
      );
      return { status: 'success' as const, message: ConnectSessionMessages.ended };
    },
  );
}
