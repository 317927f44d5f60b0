import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Connections that got an answer before their request's body was read. */
const answeredUnread = new WeakSet<Socket>();

/**
 * An answer given before the request's body was read (a refused anti-forgery token, a
 * refused session, a body too large) closes the connection after it. Node keeps parsing the
 * unread body meanwhile, and a body that breaks the HTTP framing must not get a second
 * answer (400) to the one request: `answerClientError` asks `hasAnsweredUnread` first.
 */
export function registerCloseUnread(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete) {
      reply.header('connection', 'close');
      answeredUnread.add(request.raw.socket);
    }
    done(null, payload);
  });
}

export function hasAnsweredUnread(socket: Socket): boolean {
  return answeredUnread.has(socket);
}
