import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { GATEWAY_FRESHNESS } from '../contract/gateway.js';
import type { Db } from './db/database.js';
import type { GatewayFreshness } from './gateway/gateway-freshness.js';
import { ANSWERS_UNDER_PRESSURE } from './http/load-shedding.js';

const HealthSchema = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  database: z.enum(['up', 'down']),
  load: z.enum(['normal', 'shedding']),
  gateway: z.object({ state: z.enum(GATEWAY_FRESHNESS), ageSeconds: z.number() }),
});

const UnhealthySchema = z.extend(HealthSchema, { code: z.literal('unavailable') });

export interface HealthDeps {
  readonly db: Db;
  readonly isShedding: () => boolean;
  readonly retryAfterSeconds: number;
  /** How current the gateway check's state is (src/server/gateway/gateway-freshness.ts). */
  readonly gateway: () => GatewayFreshness;
}

function unhealthyMessage(isUp: boolean, isExpired: boolean) {
  if (!isUp) return 'database unavailable';
  return isExpired ? 'gateway state expired' : 'shedding load';
}

/**
 * Liveness, database readiness, load and the gateway check's state for load balancers and
 * operators: 503 while the database does not answer, while the server sheds load
 * (src/server/http/load-shedding.ts) or while the check refuses every call because its state
 * is older than GATEWAY_STALE_MAX_S (docs/decisions/056), so a balancer sends the work elsewhere.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      config: ANSWERS_UNDER_PRESSURE,
      schema: { response: { 200: HealthSchema, 503: UnhealthySchema } },
    },
    async (_request, reply) => {
      const isUp = await deps.db.ping();
      const database = isUp ? 'up' : 'down';
      const load = deps.isShedding() ? 'shedding' : 'normal';
      const gateway = deps.gateway();
      const isExpired = gateway.state === 'expired';
      if (isUp && load === 'normal' && !isExpired) {
        return reply.send({ status: 'success', message: 'ok', database, load, gateway });
      }
      if (load === 'shedding') reply.header('retry-after', String(deps.retryAfterSeconds));
      return reply.status(503).send({
        status: 'error',
        code: 'unavailable',
        message: unhealthyMessage(isUp, isExpired),
        database,
        load,
        gateway,
      });
    },
  );
}
