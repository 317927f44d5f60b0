import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Every answer names its request id, the `reqId` of each of the request's log lines, so a
 * support ticket leads to the logs. The id is always ours (Fastify's genReqId); an incoming
 * X-Request-Id is not taken over: docs/decisions/016-metrics-and-load-shedding.md.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
