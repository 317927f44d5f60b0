import type { FastifyInstance } from 'fastify';
import { Messages } from '../../contract/messages.js';
import { AppError } from '../errors.js';

/**
 * True when a string, a key or a nested value holds U+0000. Walks with its own stack: a
 * body may nest thousands of levels deep.
 */
export function hasNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

export const nulRefused = () => new AppError('bad_request', Messages.request.nulCharacter);

/**
 * PostgreSQL text cannot hold U+0000: a query carrying one fails, which was a 500. Every
 * path parameter, query and parsed body is refused with a 400 before validation instead
 * (multipart fields are read by the route, which checks them the same way).
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const isRefused = hasNul(request.params) || hasNul(request.query) || hasNul(request.body);
    done(isRefused ? nulRefused() : undefined);
  });
}
