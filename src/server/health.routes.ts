import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Db } from './db/database.js';

const HealthSchema = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  database: z.enum(['up', 'down']),
});

/** Liveness and database readiness for load balancers and operators. */
export function registerHealthRoutes(app: FastifyInstance, db: Db) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/healthz',
      { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
      async (_request, reply) => {
        const isUp = await db.ping();
        return isUp
          ? reply.send({ status: 'success', message: 'ok', database: 'up' })
          : reply
              .status(503)
              .send({ status: 'error', message: 'database unavailable', database: 'down' });
      },
    );
}
