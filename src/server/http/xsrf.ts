import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_REJECTED = 'Invalid or missing anti-forgery token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Signed double-submit anti-forgery token: the cookie value is `nonce.hmac(nonce)`, so a
 * value a forger plants in the cookie jar fails the signature check even when the header
 * repeats it. Every non-GET/HEAD API request needs the header equal to a valid cookie.
 */
export function createXsrfTokens(secret: string) {
  const sign = (nonce: string) => createHmac('sha256', secret).update(nonce).digest('base64url');
  return {
    issue(): string {
      const nonce = randomBytes(18).toString('base64url');
      return `${nonce}.${sign(nonce)}`;
    },
    isValid(token: string | undefined): token is string {
      if (token === undefined) return false;
      const [nonce, signature, extra] = token.split('.');
      if (nonce === undefined || signature === undefined || extra !== undefined) return false;
      return safeEqual(signature, sign(nonce));
    },
  };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function registerXsrf(
  app: FastifyInstance,
  secret: string,
  isHttps: (r: FastifyRequest) => boolean,
) {
  const tokens = createXsrfTokens(secret);

  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) {
      done();
      return;
    }
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    const isValid =
      tokens.isValid(cookie) && typeof header === 'string' && safeEqual(header, cookie);
    done(isValid ? undefined : new AppError('forbidden', XSRF_REJECTED));
  });

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, _payload, done) => {
    if (tokens.isValid(request.cookies[XSRF_COOKIE])) {
      done();
      return;
    }
    reply.setCookie(XSRF_COOKIE, tokens.issue(), {
      path: '/',
      sameSite: 'strict',
      secure: isHttps(request),
      // The web client reads it to echo it in the header.
      httpOnly: false,
    });
    done();
  });
}
