import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The origin of an absolute URL; a path (or none) is on the portal's own origin. */
function originOf(url: string | null): string[] {
  if (url === null || url.startsWith('/')) return [];
  return [new URL(url).origin];
}

/**
 * This answer's CSP with form-action also allowing `origin`: a form whose POST answers with a
 * redirect elsewhere (the Connect consent page, docs/connect.md) is otherwise stopped by
 * Chromium, which applies form-action to the redirect too.
 */
export function allowFormActionTo(reply: FastifyReply, origin: string): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  reply.header(
    'content-security-policy',
    csp.replace(
      /form-action ([^;]*)/,
      (_all, sources: string) => `form-action ${sources} ${origin}`,
    ),
  );
}

/**
 * Helmet's headers for these options. @fastify/helmet builds helmet's middleware anew for
 * every request (parsing the CSP directives each time: about 5% of the server's time in the
 * postback drain's profile, decision 035), yet without nonces they are the same on every
 * answer: so they are asked of helmet once, from a probe app, and set as they are.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', (_request, reply) => reply.send(reply.raw.getHeaders()));
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return answer.json<Record<string, string>>();
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
  const headers = await helmetHeaders({
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
  const entries = Object.entries(headers);
  // On the raw answer, as helmet sets them: a route's own value still wins.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (isHttps(request)) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
}
