import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { InternalPaths } from '../../contract/api-paths.js';
import {
  GatewayAllowedSchema,
  GatewayAuthorizeRequestSchema,
  GatewayDeniedSchema,
  GatewayHeaders,
  type GatewayAuthorizeRequest,
} from '../../contract/gateway.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import type { GatewaySettings } from '../config.js';
import { requireServiceToken } from '../postbacks/service-token.js';
import {
  credentialOf,
  denied,
  isSameSecret,
  type GatewayAnswer,
  type GatewayCheck,
  type SentCredential,
} from './gateway-check.js';
import type { Allowlist } from './gateway-allowlist.js';
import { registerAllowlistRoutes } from './gateway-allowlist.routes.js';

function send(reply: FastifyReply, answer: GatewayAnswer) {
  return reply.status(answer.status).headers(answer.headers).send(answer.body);
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The forward-auth check on its own listener (GATEWAY_PORT, loopback unless GATEWAY_HOST
 * says otherwise), without a logger, so no key reaches a log line. Any method and any path
 * under the check's: Envoy's `ext_authz` appends the original path. The allowlist snapshot
 * and its change feed listen there too, behind the same token.
 */
export function registerGatewayListener(
  app: FastifyInstance,
  check: GatewayCheck,
  settings: GatewaySettings,
  allowlist: Allowlist,
) {
  const { port, host, token, ipHeader } = settings;
  if (port === undefined) return;
  const server = Fastify({ logger: false });
  // The trading call's body is not the check's business: it is neither parsed nor refused.
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('*', (_request, _payload, done) => {
    done(null);
  });
  const lacksToken = (request: FastifyRequest) =>
    token !== undefined && !isSameSecret(header(request.headers[GatewayHeaders.token]), token);
  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    const { headers } = request;
    if (lacksToken(request)) return send(reply, denied('gateway_token', null));
    return send(
      reply,
      check({
        credential: credentialOf(
          header(headers[GatewayHeaders.apiKey]),
          header(headers.authorization),
        ),
        ip: header(headers[ipHeader]),
      }),
    );
  };
  server.all(InternalPaths.gatewayCheck, handler);
  server.all(`${InternalPaths.gatewayCheck}/*`, handler);
  registerAllowlistRoutes(server, allowlist, (request, reply, done) => {
    if (lacksToken(request)) send(reply, denied('gateway_token', null));
    else done();
  });
  app.addHook('onReady', async () => {
    await server.listen({ port, host });
  });
  app.addHook('onClose', async () => {
    await server.close();
  });
}

/** The JSON variant's credential: the access token when one is sent, else the API key. */
function sentIn(body: GatewayAuthorizeRequest): SentCredential | undefined {
  if (body.accessToken !== undefined) return { kind: 'token', value: body.accessToken };
  return body.apiKey === undefined ? undefined : { kind: 'key', value: body.apiKey };
}

/** `POST /internal/v1/authorize`: the same answers for gateways that call with JSON. */
export function registerAuthorizeRoute(
  app: FastifyInstance,
  check: GatewayCheck,
  serviceTokenHashes: readonly string[],
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    InternalPaths.authorize,
    {
      onRequest: requireServiceToken(serviceTokenHashes),
      schema: {
        body: GatewayAuthorizeRequestSchema,
        response: {
          200: GatewayAllowedSchema,
          401: z.union([GatewayDeniedSchema, ErrorResponses[401]]),
          403: GatewayDeniedSchema,
          503: GatewayDeniedSchema,
          400: ErrorResponses[400],
        },
      },
    },
    async (request, reply) => {
      const answer = check({ credential: sentIn(request.body), ip: request.body.ip });
      await reply.status(answer.status).headers(answer.headers).send(answer.body);
    },
  );
}
