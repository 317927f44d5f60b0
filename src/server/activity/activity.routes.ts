import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  ActivityQuerySchema,
  ActivityResponseSchema,
  type ActivityQuery,
} from '../../contract/activity.js';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import { authenticatedDeveloperId } from '../auth/authenticate.js';
import { noStore } from '../http/no-store.js';
import type { ActivityService } from './activity.service.js';

/** The developer's own activity log: a page of JSON, or the CSV download. */
export function registerActivityRoutes(app: FastifyInstance, activity: ActivityService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate, onSend: noStore };

  r.get(
    ApiPaths.activity,
    {
      ...auth,
      schema: {
        querystring: ActivityQuerySchema,
        response: { 200: ActivityResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: Messages.activity.listed,
      ...(await activity.page(authenticatedDeveloperId(request), request.query)),
    }),
  );

  // A stream, not the schema's string: declared on the untyped instance, where the schema
  // still checks the query and documents the answer.
  app.get<{ Querystring: ActivityQuery }>(
    ApiPaths.activityCsv,
    {
      ...auth,
      schema: {
        querystring: ActivityQuerySchema,
        response: { 200: z.string(), ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const csv = activity.csv(authenticatedDeveloperId(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${Messages.activity.csvFileName}"`)
        .send(Readable.from(csv));
    },
  );
}
