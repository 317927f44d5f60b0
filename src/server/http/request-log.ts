import type { FastifyInstance } from 'fastify';

/**
 * One line per request at info, written when it is answered: what was asked, of whom, the
 * answer and its time (decision 060). The arrival is logged at debug only: every request ends
 * with a line, as the request timeout answers the ones that hang.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    request.log.debug({ req: request }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}
