import underPressure from '@fastify/under-pressure';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoadSheddingSettings } from '../config.js';
import { GENERIC_SERVER_ERROR } from './error-handler.js';

type PressureHandler = (request: FastifyRequest, reply: FastifyReply) => void;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/under-pressure reads a route's own handler here. */
    pressureHandler?: PressureHandler;
  }
}

/** Route option for the routes that report the pressure instead of being shed by it. */
export const ANSWERS_UNDER_PRESSURE: FastifyContextConfig = { pressureHandler: () => undefined };

/**
 * Past the event-loop delay or heap limit every request is answered at once with 503 and
 * `Retry-After`, instead of queueing until it times out; a load balancer sends the work to
 * another instance. The plugin samples once a second.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  settings: LoadSheddingSettings,
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: settings.maxEventLoopDelayMs,
    maxHeapUsedBytes: settings.maxHeapUsedBytes,
    pressureHandler: (_request, reply) => {
      void reply
        .status(503)
        .header('retry-after', String(settings.retryAfterSeconds))
        .send({ status: 'error', code: 'unavailable', message: GENERIC_SERVER_ERROR });
    },
  });
}
