import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Route `onSend` hook of every answer that carries a token, a key or session details
 *: no browser or proxy cache may keep a copy. Errors of the route get it too.
 */
export function noStore(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
) {
  reply.header('cache-control', 'no-store');
  done(null, payload);
}
