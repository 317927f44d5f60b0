import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StepUpMessages } from '../../contract/messages-step-up.js';
import { StepUpPaths, StepUpRequestSchema, StepUpResponseSchema } from '../../contract/step-up.js';
import { activityOriginOf } from '../activity/activity-origin.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import {
  authenticatedDeveloperId,
  authenticatedSessionId,
  BEFORE_SECOND_FACTOR,
} from '../auth/authenticate.js';
import { perIpLimit } from '../auth/rate-limits.js';
import type { Clock } from '../clock.js';
import { noStore } from '../http/no-store.js';
import type { StepUpCaller, StepUpGuard } from './step-up.js';
import type { StepUpService } from './step-up.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler after `authenticate` of the calls that need a fresh step-up. */
    requireStepUp: (request: FastifyRequest) => Promise<void>;
    /** Until when the request's session may make guarded changes (epoch ms). */
    stepUpUntil: (request: FastifyRequest) => Promise<number>;
  }
}

export interface StepUpRouteDeps {
  readonly stepUp: StepUpService;
  readonly guard: StepUpGuard;
  readonly clock: Clock;
  readonly rateLimitPerMinute: number;
}

/** The caller of a bearer request, as the step-up guard sees it. */
export const stepUpCallerOf = (request: FastifyRequest): StepUpCaller => ({
  developerId: authenticatedDeveloperId(request),
  sessionId: authenticatedSessionId(request),
});

/** The step-up call and the `requireStepUp` preHandler (docs/decisions/068-step-up.md). */
export function registerStepUp(app: FastifyInstance, deps: StepUpRouteDeps) {
  app.decorate('requireStepUp', (request: FastifyRequest) =>
    deps.guard.require(stepUpCallerOf(request), deps.clock.now()),
  );
  app.decorate('stepUpUntil', (request: FastifyRequest) =>
    deps.guard.grantedUntil(stepUpCallerOf(request)),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    StepUpPaths.stepUp,
    {
      preHandler: app.authenticate,
      onSend: noStore,
      // A developer taken to set-up (DEVELOPER_2FA=required) proves the password to begin it.
      config: { ...perIpLimit(deps.rateLimitPerMinute), ...BEFORE_SECOND_FACTOR },
      schema: {
        body: StepUpRequestSchema,
        response: { 200: StepUpResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => {
      const until = await deps.stepUp.stepUp(stepUpCallerOf(request), request.body, {
        origin: activityOriginOf(request),
        ipKey: normalizeIP(request.ip),
      });
      return {
        status: 'success' as const,
        message: StepUpMessages.granted,
        stepUpUntil: new Date(until).toISOString(),
      };
    },
  );
}
