import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { UsageMessages, UsageQuerySchema, UsageResponseSchema } from '../../contract/usage.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import { authenticatedDeveloperId } from '../auth/authenticate.js';
import { noStore } from '../http/no-store.js';
import type { UsageReader } from './gateway-usage.service.js';
import { AppSectionPaths } from '../../contract/app-section-paths.js';

const IdParamsSchema = z.object({ id: z.string().check(z.maxLength(200)) });

/** `GET /api/v1/app/:id/usage`: the developer's own application's usage. */
export function registerUsageRoute(app: FastifyInstance, usage: UsageReader) {
  app.withTypeProvider<ZodTypeProvider>().get(
    AppSectionPaths.usagePattern,
    {
      preHandler: app.authenticate,
      onSend: noStore,
      schema: {
        params: IdParamsSchema,
        querystring: UsageQuerySchema,
        response: { 200: UsageResponseSchema, ...ErrorResponses, 404: ErrorResponses[400] },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: UsageMessages.listed,
      ...(await usage.ofDeveloper(
        authenticatedDeveloperId(request),
        request.params.id,
        request.query.window ?? '24h',
      )),
    }),
  );
}
