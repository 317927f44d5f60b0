import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  PostbackEventResponseSchema,
  PostbackListQuerySchema,
  PostbackListResponseSchema,
  PostbackMessages,
  PostbackReplayResponseSchema,
  PostbackTestResponseSchema,
  RevealPostbackSecretRequestSchema,
  RevealPostbackSecretResponseSchema,
  RollPostbackSecretRequestSchema,
  RollPostbackSecretResponseSchema,
} from '../../contract/postbacks.js';
import { activityOriginOf } from '../activity/activity-origin.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import { authenticatedDeveloperId } from '../auth/authenticate.js';
import { perIpLimit } from '../auth/rate-limits.js';
import { noStore } from '../http/no-store.js';
import type { PostbackSecretService } from './postback-secret.service.js';
import type { PostbacksService } from './postbacks.service.js';
import { AppSectionPaths } from '../../contract/app-section-paths.js';

export interface PostbacksRouteDeps {
  readonly postbacks: PostbacksService;
  readonly secret: PostbackSecretService;
  readonly rateLimitPerMinute: number;
}

const IdParamsSchema = z.object({ id: z.string().check(z.maxLength(200)) });
const EventParamsSchema = z.object({
  id: z.string().check(z.maxLength(200)),
  eventId: z.string().check(z.maxLength(200)),
});
const Responses = { ...ErrorResponses, 404: ErrorResponses[400] } as const;

/** The developer's postback log, replay, test send and signing secret. */
export function registerPostbacksRoutes(app: FastifyInstance, deps: PostbacksRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: app.authenticate, onSend: noStore };
  const write = { ...read, config: perIpLimit(deps.rateLimitPerMinute) };
  // The secret's roll and reveal need a second factor of the last 5 minutes (decision 068).
  const guarded = { ...write, preHandler: [app.authenticate, app.requireStepUp] };

  r.get(
    AppSectionPaths.logPattern,
    {
      ...read,
      schema: {
        params: IdParamsSchema,
        querystring: PostbackListQuerySchema,
        response: { 200: PostbackListResponseSchema, ...Responses },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: PostbackMessages.listed,
      events: await deps.postbacks.list(
        authenticatedDeveloperId(request),
        request.params.id,
        request.query.status,
      ),
    }),
  );

  r.post(
    AppSectionPaths.testPattern,
    {
      ...write,
      schema: {
        params: IdParamsSchema,
        response: { 200: PostbackTestResponseSchema, ...Responses },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: PostbackMessages.tested,
      ...(await deps.postbacks.test(authenticatedDeveloperId(request), request.params.id)),
    }),
  );

  r.get(
    AppSectionPaths.eventPattern,
    {
      ...read,
      schema: {
        params: EventParamsSchema,
        response: { 200: PostbackEventResponseSchema, ...Responses },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: PostbackMessages.found,
      event: await deps.postbacks.get(
        authenticatedDeveloperId(request),
        request.params.id,
        request.params.eventId,
      ),
    }),
  );

  r.post(
    AppSectionPaths.replayPattern,
    {
      ...write,
      schema: {
        params: EventParamsSchema,
        response: { 202: PostbackReplayResponseSchema, ...Responses },
      },
    },
    async (request, reply) => {
      await deps.postbacks.replay(
        authenticatedDeveloperId(request),
        request.params.id,
        request.params.eventId,
      );
      return reply
        .status(202)
        .send({ status: 'success', message: PostbackMessages.replayed, state: 'pending' });
    },
  );

  r.post(
    AppSectionPaths.rollSecretPattern,
    {
      ...guarded,
      schema: {
        params: IdParamsSchema,
        body: RollPostbackSecretRequestSchema,
        response: { 200: RollPostbackSecretResponseSchema, ...Responses },
      },
    },
    async (request) => {
      const { grace } = request.body;
      const secrets = await deps.secret.roll(
        authenticatedDeveloperId(request),
        request.params.id,
        grace,
        activityOriginOf(request),
      );
      const message =
        grace === 'now' ? PostbackMessages.secretRolledNow : PostbackMessages.secretRolled;
      return { status: 'success' as const, message, secrets };
    },
  );

  r.post(
    AppSectionPaths.revealSecretPattern,
    {
      ...guarded,
      schema: {
        params: IdParamsSchema,
        body: RevealPostbackSecretRequestSchema,
        response: { 200: RevealPostbackSecretResponseSchema, ...Responses },
      },
    },
    async (request) => {
      const secrets = await deps.secret.reveal(
        authenticatedDeveloperId(request),
        request.params.id,
        activityOriginOf(request),
      );
      return {
        status: 'success' as const,
        message: PostbackMessages.secretRevealed,
        secrets,
        revealedUntil: new Date(await app.stepUpUntil(request)).toISOString(),
      };
    },
  );
}
