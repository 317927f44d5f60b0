import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TwoFactorMessages } from '../../contract/messages-two-factor.js';
import {
  RecoveryCodesResponseSchema,
  TotpCodeRequestSchema,
  TotpRemoveRequestSchema,
  TotpStartResponseSchema,
  TwoFactorStatusSchema,
} from '../../contract/two-factor.js';
import { StatusResponseSchema } from '../../contract/auth.js';
import { activityOriginOf } from '../activity/activity-origin.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import { authenticatedDeveloperId, BEFORE_SECOND_FACTOR } from '../auth/authenticate.js';
import { perIpLimit } from '../auth/rate-limits.js';
import { noStore } from '../http/no-store.js';
import type { FactorClient, TwoFactorService } from './two-factor.service.js';
import { TwoFactorPaths } from '../../contract/two-factor-paths.js';
import { stepUpCallerOf } from '../step-up/step-up.routes.js';

export interface TwoFactorRouteDeps {
  readonly twoFactor: TwoFactorService;
  readonly rateLimitPerMinute: number;
}

const clientOf = (request: FastifyRequest): FactorClient => ({
  origin: activityOriginOf(request),
  ipKey: normalizeIP(request.ip),
});

/** The account screen's second-factor calls (docs/decisions/063-developer-two-factor.md). */
export function registerTwoFactorRoutes(app: FastifyInstance, deps: TwoFactorRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Secrets and recovery codes: no cache may keep an answer.
  const auth = { preHandler: app.authenticate, onSend: noStore };
  const limited = perIpLimit(deps.rateLimitPerMinute);
  const success = (message: string) => ({ status: 'success' as const, message });
  const { twoFactor } = deps;

  r.get(
    TwoFactorPaths.status,
    {
      ...auth,
      config: BEFORE_SECOND_FACTOR,
      schema: { response: { 200: TwoFactorStatusSchema, ...ErrorResponses } },
    },
    async (request) => ({
      ...success(TwoFactorMessages.title),
      ...(await twoFactor.status(authenticatedDeveloperId(request))),
    }),
  );

  r.post(
    TwoFactorPaths.totp,
    {
      ...auth,
      config: { ...limited, ...BEFORE_SECOND_FACTOR },
      schema: { response: { 200: TotpStartResponseSchema, ...ErrorResponses } },
    },
    async (request) => ({
      ...success(TwoFactorMessages.started),
      ...(await twoFactor.start(stepUpCallerOf(request))),
    }),
  );

  r.post(
    TwoFactorPaths.totpConfirm,
    {
      ...auth,
      config: { ...limited, ...BEFORE_SECOND_FACTOR },
      schema: {
        body: TotpCodeRequestSchema,
        response: { 200: RecoveryCodesResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => ({
      ...success(TwoFactorMessages.enrolled),
      recoveryCodes: await twoFactor.confirm(
        authenticatedDeveloperId(request),
        request.body.code,
        activityOriginOf(request),
      ),
    }),
  );

  r.post(
    TwoFactorPaths.totpRemove,
    {
      ...auth,
      config: limited,
      schema: {
        body: TotpRemoveRequestSchema,
        response: { 200: StatusResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => {
      await twoFactor.remove(authenticatedDeveloperId(request), request.body, clientOf(request));
      return success(TwoFactorMessages.removed);
    },
  );

  r.post(
    TwoFactorPaths.recoveryCodes,
    {
      ...auth,
      config: limited,
      schema: {
        body: TotpCodeRequestSchema,
        response: { 200: RecoveryCodesResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => ({
      ...success(TwoFactorMessages.regenerated),
      recoveryCodes: await twoFactor.regenerate(
        authenticatedDeveloperId(request),
        request.body.code,
        clientOf(request),
      ),
    }),
  );
}
