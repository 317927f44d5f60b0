import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ApiPaths } from '../../contract/api-paths.js';
import {
  RevealKeysRequestSchema,
  RevealKeysResponseSchema,
  RollKeyRequestSchema,
  RollKeyResponseSchema,
} from '../../contract/keys.js';
import { Messages } from '../../contract/messages.js';
import { activityOriginOf } from '../activity/activity-origin.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import { authenticatedDeveloperId } from '../auth/authenticate.js';
import { perIpLimit } from '../auth/rate-limits.js';
import { noStore } from '../http/no-store.js';
import type { KeysService } from './keys.service.js';

export interface KeysRouteDeps {
  readonly keys: KeysService;
  readonly rateLimitPerMinute: number;
}

const IdParamsSchema = z.object({ id: z.string().check(z.maxLength(200)) });
const Responses = { ...ErrorResponses, 404: ErrorResponses[400] } as const;

/** Roll and reveal of an application's API keys, owner-checked by the service. */
export function registerKeysRoutes(app: FastifyInstance, deps: KeysRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Writes limited per client address like the account's; answers carry keys: never cached.
  // Each needs a second factor of the last 5 minutes (docs/decisions/068-step-up.md).
  const guarded = {
    preHandler: [app.authenticate, app.requireStepUp],
    onSend: noStore,
    config: perIpLimit(deps.rateLimitPerMinute),
  };

  r.post(
    ApiPaths.rollKeyPattern,
    {
      ...guarded,
      schema: {
        params: IdParamsSchema,
        body: RollKeyRequestSchema,
        response: { 200: RollKeyResponseSchema, ...Responses },
      },
    },
    async (request) => {
      const { grace } = request.body;
      const view = await deps.keys.roll(
        authenticatedDeveloperId(request),
        request.params.id,
        grace,
        activityOriginOf(request),
      );
      return {
        status: 'success' as const,
        message: grace === 'now' ? Messages.keys.rolledNow : Messages.keys.rolled,
        ...view,
      };
    },
  );

  r.post(
    ApiPaths.revealKeysPattern,
    {
      ...guarded,
      schema: {
        params: IdParamsSchema,
        body: RevealKeysRequestSchema,
        response: { 200: RevealKeysResponseSchema, ...Responses },
      },
    },
    async (request) => {
      const keys = await deps.keys.reveal(
        authenticatedDeveloperId(request),
        request.params.id,
        activityOriginOf(request),
      );
      return {
        status: 'success' as const,
        message: Messages.keys.revealed,
        keys,
        revealedUntil: new Date(await app.stepUpUntil(request)).toISOString(),
      };
    },
  );
}
