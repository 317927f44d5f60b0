import type { FastifyInstance } from 'fastify';

/**
 * Once the app closes, every answer still being made says `Connection: close`. Node's
 * server.close() reaps only the connections idle at that moment; a keep-alive connection
 * whose request was in flight would stay open after its answer (a load balancer keeps them
 * for 72 s here) and hold the process past its shutdown grace period.
 */
export function registerDrainOnClose(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) reply.header('connection', 'close');
    done(null, payload);
  });
}
