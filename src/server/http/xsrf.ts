import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { XsrfCookies } from '../../contract/xsrf.js';
import { AppError } from '../errors.js';
import { createHmacSha256 } from '../keys/hmac-sha256.js';

export const XSRF_COOKIE = XsrfCookies.http;
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_REJECTED = 'Invalid or missing anti-forgery token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Signed double-submit anti-forgery token: the cookie value is `nonce.hmac(nonce)`, so a
 * value a forger plants in the cookie jar fails the signature check even when the header
 * repeats it. Every non-GET/HEAD API request needs the header equal to a valid cookie.
 */
export function createXsrfTokens(secret: string) {
  const hmac = createHmacSha256(secret);
  const sign = (nonce: string) => hmac(nonce, 'base64url');
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

/**
 * The API as the router sees it: the matched route's path, else the decoded request path,
 * so `/%61pi/v1/...` (which the router decodes to `/api/v1/...`) is checked too.
 */
function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined) return route.startsWith('/api/');
  const pathname = request.url.split(/[?#]/, 1)[0] ?? '';
  try {
    return decodeURIComponent(pathname).startsWith('/api/');
  } catch {
    return true;
  }
}

/** A page is what a browser loads first and reloads: the one answer that hands out the cookie. */
function isPage(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html');
}

/**
 * The cookie is issued only where a client without a valid one needs it (decision 015): on
 * page responses, and on the 403 that refuses a write for its token, so the web client's one
 * replay carries the fresh value. Assets, icons, API reads and /healthz never set it, so
 * shared caches and CDNs can keep them.
 */
export function registerXsrf(
  app: FastifyInstance,
  secret: string,
  isHttps: (r: FastifyRequest) => boolean,
) {
  const tokens = createXsrfTokens(secret);
  // Over https only the `__Host-` cookie counts: a plain one may have been planted.
  const cookieName = (request: FastifyRequest) =>
    isHttps(request) ? XsrfCookies.https : XsrfCookies.http;
  const issued = new WeakMap<FastifyRequest, string>();
  const issueCookie = (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokens.issue();
    issued.set(request, token);
    reply.setCookie(cookieName(request), token, {
      // `__Host-` asks for exactly this: Secure, Path=/ and no Domain.
      path: '/',
      sameSite: 'strict',
      secure: isHttps(request),
      // The web client reads it to echo it in the header.
      httpOnly: false,
    });
    return token;
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) {
      done();
      return;
    }
    const cookie = request.cookies[cookieName(request)];
    const header = request.headers[XSRF_HEADER];
    if (tokens.isValid(cookie) && typeof header === 'string' && safeEqual(header, cookie)) {
      done();
      return;
    }
    if (!tokens.isValid(cookie)) issueCookie(request, reply);
    done(new AppError('forbidden', XSRF_REJECTED));
  });

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, _payload, done) => {
    if (
      isPage(reply) &&
      !issued.has(request) &&
      !tokens.isValid(request.cookies[cookieName(request)])
    ) {
      issueCookie(request, reply);
    }
    done();
  });

  return {
    /** The token a server-made HTML form repeats in a field: the browser's, else a new one. */
    formToken(request: FastifyRequest, reply: FastifyReply): string {
      const cookie = request.cookies[cookieName(request)];
      return tokens.isValid(cookie) ? cookie : issueCookie(request, reply);
    },
    /** A form post's check: the field repeats the browser's valid cookie. */
    isFormTokenValid(request: FastifyRequest, field: string | undefined): boolean {
      const cookie = request.cookies[cookieName(request)];
      return tokens.isValid(cookie) && field !== undefined && safeEqual(field, cookie);
    },
  };
}

export type XsrfForms = ReturnType<typeof registerXsrf>;
