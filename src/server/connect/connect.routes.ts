import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  CONNECT_REQUEST_COOKIE,
  CONNECT_REQUEST_TTL_MS,
  CONNECT_TOKEN_REQUESTS_PER_MINUTE,
  ConnectMessages,
  ConnectPaths,
  type ConnectErrorCode,
} from '../../contract/connect.js';
import { RetryLaterError, secondsUntil } from '../auth/rate-limits.js';
import { allowFormActionTo } from '../http/security-headers.js';
import type { XsrfForms } from '../http/xsrf.js';
import { requireServiceToken } from '../postbacks/service-token.js';
import { CONNECT_CSS, CONNECT_CSS_PATH, connectErrorPage, consentPage } from './connect-pages.js';
import type {
  ConnectPage,
  ConnectRedirect,
  ConnectService,
  ConsentView,
} from './connect.service.js';

export interface ConnectRouteDeps {
  readonly connect: ConnectService;
  readonly xsrfForms: XsrfForms;
  readonly productName: string;
  readonly secureCookies: boolean;
  readonly serviceTokenHashes: readonly string[];
}

const Text = z.optional(z.string().check(z.maxLength(2000)));
const AuthorizeQuery = z.object({
  response_type: Text,
  client_id: Text,
  redirect_uri: Text,
  state: Text,
  scope: Text,
  code_challenge: Text,
  code_challenge_method: Text,
});
const CallbackQuery = z.object({
  auth: z.optional(z.string().check(z.maxLength(20_000))),
  state: Text,
});
const ConsentForm = z.object({ request: Text, decision: Text, xsrf: Text });
const TokenForm = z.object({
  grant_type: Text,
  code: Text,
  redirect_uri: Text,
  code_verifier: Text,
  client_id: Text,
  client_secret: Text,
});
const TokenOnly = z.object({ token: Text, token_type_hint: Text });
const HTML = 'text/html; charset=utf-8';
const LIMITED: ConnectErrorCode = 'temporarily_unavailable';

/** RFC 6749 section 2.3.1: HTTP Basic with form-encoded id and secret, else the body's. */
function clientOf(authorization: string | undefined, form: z.infer<typeof TokenForm>) {
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (basic?.[1] !== undefined) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    try {
      return {
        id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
        secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
      };
    } catch {
      return null;
    }
  }
  if (form.client_id === undefined || form.client_secret === undefined) return null;
  return { id: form.client_id, secret: form.client_secret };
}

/** A refusal of the token endpoint's limit, answered with RFC 6749's error body. */
class TokenRequestsLimited extends RetryLaterError {}

/**
 * The shared rate limiter on `/oauth/token`, counted per client id (the application) in
 * the database, so across instances; after the body is parsed, where the id may be.
 */
const tokenLimit: FastifyContextConfig = {
  rateLimit: {
    max: CONNECT_TOKEN_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => {
      const form = TokenForm.safeParse(request.body);
      const client = form.success ? clientOf(request.headers.authorization, form.data) : null;
      return `${ConnectPaths.token} ${client?.id ?? request.ip}`;
    },
    errorResponseBuilder: (_request, context) => {
      const seconds = secondsUntil(context.ttl);
      return new TokenRequestsLimited(ConnectMessages.tooManyTokenRequests(seconds), seconds);
    },
  },
};

/** Connect's authorization server over HTTP (docs/connect.md). */
export async function registerConnectRoutes(app: FastifyInstance, deps: ConnectRouteDeps) {
  const { connect, productName } = deps;

  function answer(reply: FastifyReply, result: ConnectPage | ConnectRedirect) {
    if (result.kind === 'page') {
      return reply
        .status(result.status)
        .type(HTML)
        .send(connectErrorPage(productName, result.message));
    }
    if (result.requestId !== undefined) {
      reply.setCookie(CONNECT_REQUEST_COOKIE, result.requestId, {
        path: '/oauth',
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level navigation from its site.
        sameSite: 'lax',
        secure: deps.secureCookies,
        maxAge: CONNECT_REQUEST_TTL_MS / 1000,
      });
    }
    return reply.redirect(result.url, 302);
  }

  await app.register((scope, _options, done) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    r.get(ConnectPaths.metadata, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(connect.metadata()),
    );

    r.get(CONNECT_CSS_PATH, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(CONNECT_CSS),
    );

    r.get(
      ConnectPaths.authorize,
      { schema: { querystring: AuthorizeQuery } },
      async (request, reply) => answer(reply, await connect.authorize(request.query)),
    );

    r.get(
      ConnectPaths.callback,
      { schema: { querystring: CallbackQuery } },
      async (request, reply) => {
        const result: ConnectPage | ConnectRedirect | ConsentView = await connect.callback(
          request.cookies[CONNECT_REQUEST_COOKIE],
          request.query.state,
          request.query.auth,
          request.ip,
        );
        if (result.kind !== 'consent') return answer(reply, result);
        const xsrf = deps.xsrfForms.formToken(request, reply);
        allowFormActionTo(reply, new URL(result.redirectUri).origin);
        return reply.type(HTML).send(consentPage(productName, result, xsrf));
      },
    );

    r.post(ConnectPaths.consent, { schema: { body: ConsentForm } }, async (request, reply) => {
      // A page elsewhere could post Allow in the client's name.
      if (!deps.xsrfForms.isFormTokenValid(request, request.body.xsrf)) {
        return reply
          .status(403)
          .type(HTML)
          .send(connectErrorPage(productName, ConnectMessages.formExpired));
      }
      return answer(
        reply,
        await connect.consent(
          request.cookies[CONNECT_REQUEST_COOKIE],
          request.body.request,
          request.body.decision === 'allow',
          request.ip,
        ),
      );
    });

    scope.setErrorHandler((error, _request, reply) => {
      if (!(error instanceof TokenRequestsLimited)) throw error;
      return reply
        .status(429)
        .header('cache-control', 'no-store')
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ error: LIMITED, error_description: error.message });
    });

    r.post(
      ConnectPaths.token,
      { config: tokenLimit, schema: { body: TokenForm } },
      async (request, reply) => {
        const result = await connect.token(
          clientOf(request.headers.authorization, request.body),
          request.body,
        );
        if (result.status === 401) reply.header('www-authenticate', 'Basic realm="oauth"');
        return reply
          .status(result.status)
          .header('cache-control', 'no-store')
          .header('pragma', 'no-cache')
          .send(result.body);
      },
    );

    const service = { onRequest: requireServiceToken(deps.serviceTokenHashes) };
    r.post(
      ConnectPaths.revoke,
      { ...service, schema: { body: TokenOnly } },
      async (request, reply) => {
        await connect.revoke(request.body.token);
        return reply.status(200).send({});
      },
    );
    r.post(
      ConnectPaths.introspect,
      { ...service, schema: { body: TokenOnly } },
      async (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send(await connect.introspect(request.body.token)),
    );
    done();
  });
}
