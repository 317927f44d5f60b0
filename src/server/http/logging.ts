import type { FastifyRequest } from 'fastify';

/** Headers that carry credentials never reach the logs. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-api-key"]',
  'req.headers["x-gateway-token"]',
  'res.headers["set-cookie"]',
] as const;

// Query parameters that carry credentials (the hand-off token, signed links).
const SECRET_PARAMS = new Set(['auth', 'token', 'signature', 'sig', 'code']);

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key)) params.set(key, '[redacted]');
  }
  return `${url.slice(0, queryAt)}?${params.toString()}`;
}

export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}
