import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InternalPaths } from '../../contract/api-paths.js';
import {
  PostbackIntakeRequestSchema,
  PostbackIntakeResponseSchema,
  PostbackLimits,
  PostbackMessages,
} from '../../contract/postbacks.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import { AppError } from '../errors.js';
import { internalOpenApi } from './internal-openapi.js';
import type { PostbackIntake } from './postback-intake.service.js';
import { requireServiceToken } from './service-token.js';

export interface InternalRouteDeps {
  readonly receive: PostbackIntake;
  /** SHA-256 hashes (hex) of the accepted service tokens. */
  readonly serviceTokenHashes: readonly string[];
}

/**
 * `/internal/v1`: calls from the provider's own systems, authenticated by a
 * service token. The Authorization header never reaches the logs (src/server/http/logging.ts).
 */
export function registerInternalRoutes(app: FastifyInstance, deps: InternalRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(InternalPaths.openApi, () => internalOpenApi);

  r.post(
    InternalPaths.postbacks,
    {
      onRequest: requireServiceToken(deps.serviceTokenHashes),
      schema: {
        body: PostbackIntakeRequestSchema,
        response: {
          200: PostbackIntakeResponseSchema,
          202: PostbackIntakeResponseSchema,
          404: ErrorResponses[400],
          ...ErrorResponses,
        },
      },
    },
    async (request, reply) => {
      if (
        Buffer.byteLength(JSON.stringify(request.body.payload)) > PostbackLimits.payloadMaxBytes
      ) {
        throw new AppError('payload_too_large', PostbackMessages.payloadTooLarge);
      }
      const outcome = await deps.receive(request.body);
      return reply
        .status(outcome.isNew || outcome.body.state === 'skipped' ? 202 : 200)
        .send(outcome.body);
    },
  );
}
