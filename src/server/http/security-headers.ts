import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The origin of an absolute URL; a path (or none) is on the portal's own origin. */
function originOf(url: string | null): string[] {
  if (url === null || url.startsWith('/')) return [];
  return [new URL(url).origin];
}

/**
 * Strict headers on every response: a CSP with no inline script, no plugins, no <base>,
 * no framing; nosniff; a referrer policy; HSTS only when the request came over https
 * (a browser ignores it over http, and localhost must stay reachable).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  isHttps: (r: FastifyRequest) => boolean,
) {
  const self = "'self'";
  await app.register(helmet, {
    global: true,
    hsts: false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        scriptSrc: [self],
        styleSrc: [self],
        imgSrc: [self, 'data:', ...originOf(config.brand.defaultAppIconUrl)],
        fontSrc: [self],
        connectSrc: [self],
        formAction: [self, ...originOf(config.flow.loginUrl)],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (isHttps(request)) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
}
