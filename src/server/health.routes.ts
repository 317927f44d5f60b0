import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Db } from './db/database.js';
import { ANSWERS_UNDER_PRESSURE } from './http/load-shedding.js';

const HealthSchema = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  database: z.enum(['up', 'down']),
  load: z.enum(['normal', 'shedding']),
});

const UnhealthySchema = z.extend(HealthSchema, { code: z.literal('unavailable') });

/**
 * Liveness, database readiness and load for load balancers and operators: 503 while the
 * database does not answer or while the server sheds load (src/server/http/load-shedding.ts),
 * so a balancer sends the work elsewhere.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  db: Db,
  isShedding: () => boolean,
  retryAfterSeconds: number,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      config: ANSWERS_UNDER_PRESSURE,
      schema: { response: { 200: HealthSchema, 503: UnhealthySchema } },
    },
    async (_request, reply) => {
      const isUp = await db.ping();
      const database = isUp ? 'up' : 'down';
      const load = isShedding() ? 'shedding' : 'normal';
      if (isUp && load === 'normal') {
        return reply.send({ status: 'success', message: 'ok', database, load });
      }
      const message = isUp ? 'shedding load' : 'database unavailable';
      if (load === 'shedding') reply.header('retry-after', String(retryAfterSeconds));
      return reply
        .status(503)
        .send({ status: 'error', code: 'unavailable', message, database, load });
    },
  );
}
