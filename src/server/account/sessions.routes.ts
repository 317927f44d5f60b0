import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiPaths } from '../../contract/api-paths.js';
import { StatusResponseSchema } from '../../contract/auth.js';
import { Messages } from '../../contract/messages.js';
import {
  SessionParamsSchema,
  SessionsResponseSchema,
  SignOutOthersResponseSchema,
} from '../../contract/sessions.js';
import { activityOriginOf } from '../activity/activity-origin.js';
import { authenticatedDeveloperId, authenticatedSessionId } from '../auth/authenticate.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import { noStore } from '../http/no-store.js';
import type { SessionsService } from './sessions.service.js';

const Responses = { ...ErrorResponses, 404: ErrorResponses[400] } as const;

/** `/api/v1/account/sessions`: list, end one, end all others (docs/decisions/021-sessions.md). */
export function registerSessionsRoutes(app: FastifyInstance, sessions: SessionsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate, onSend: noStore };

  r.get(
    ApiPaths.sessions,
    { ...auth, schema: { response: { 200: SessionsResponseSchema, ...Responses } } },
    async (request) => ({
      status: 'success' as const,
      message: Messages.sessions.listed,
      sessions: await sessions.list(
        authenticatedDeveloperId(request),
        authenticatedSessionId(request),
      ),
    }),
  );

  r.post(
    ApiPaths.signOutOtherSessions,
    { ...auth, schema: { response: { 200: SignOutOthersResponseSchema, ...Responses } } },
    async (request) => {
      const ended = await sessions.signOutOthers(
        authenticatedDeveloperId(request),
        authenticatedSessionId(request),
        activityOriginOf(request),
      );
      return {
        status: 'success' as const,
        message: Messages.sessions.othersSignedOut(ended),
        ended,
      };
    },
  );

  r.delete(
    ApiPaths.sessionPattern,
    {
      ...auth,
      schema: {
        params: SessionParamsSchema,
        response: { 200: StatusResponseSchema, ...Responses },
      },
    },
    async (request) => {
      await sessions.signOut(
        authenticatedDeveloperId(request),
        request.params.id,
        activityOriginOf(request),
      );
      return { status: 'success' as const, message: Messages.sessions.signedOut };
    },
  );
}
