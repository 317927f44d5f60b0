import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthResponseSchema, StatusResponseSchema } from '../../contract/auth.js';
import { PasskeyMessages } from '../../contract/messages-passkeys.js';
import { PasskeyPaths } from '../../contract/passkey-paths.js';
import {
  PasskeyAddedResponseSchema,
  PasskeyListResponseSchema,
  PasskeyOptionsResponseSchema,
  PasskeyRegisterRequestSchema,
  PasskeyRemoveRequestSchema,
  PasskeySecondFactorRequestSchema,
  PasskeySessionRequestSchema,
  PasskeySignInRequestSchema,
  PasskeyStepUpRequestSchema,
} from '../../contract/passkeys.js';
import { StepUpMessages } from '../../contract/messages-step-up.js';
import { StepUpResponseSchema } from '../../contract/step-up.js';
import type { TwoFactorPolicy } from '../../contract/two-factor.js';
import { activityOriginOf } from '../activity/activity-origin.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import { authenticatedDeveloperId, BEFORE_SECOND_FACTOR } from '../auth/authenticate.js';
import { perIpLimit } from '../auth/rate-limits.js';
import { signedInAnswer, signInClientOf } from '../auth/signed-in-answer.js';
import { noStore } from '../http/no-store.js';
import type { FactorClient } from '../two-factor/two-factor.service.js';
import { stepUpCallerOf } from '../step-up/step-up.routes.js';
import type { PasskeySignIn } from './passkey-sign-in.js';
import type { PasskeyStepUp } from './passkey-step-up.js';
import type { PasskeysService } from './passkeys.service.js';

export interface PasskeyRouteDeps {
  readonly passkeys: PasskeysService;
  readonly signIn: PasskeySignIn;
  readonly stepUp: PasskeyStepUp;
  readonly twoFactorPolicy: TwoFactorPolicy;
  readonly rateLimitPerMinute: number;
}

const clientOf = (request: FastifyRequest): FactorClient => ({
  origin: activityOriginOf(request),
  ipKey: normalizeIP(request.ip),
});

/** The passkey calls of the account screen and the sign-in (docs/decisions/067). */
export function registerPasskeyRoutes(app: FastifyInstance, deps: PasskeyRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate, onSend: noStore };
  const limited = perIpLimit(deps.rateLimitPerMinute);
  const success = (message: string) => ({ status: 'success' as const, message });
  const optionsAnswer = { response: { 200: PasskeyOptionsResponseSchema, ...ErrorResponses } };
  const { passkeys, signIn } = deps;

  r.get(
    PasskeyPaths.list,
    {
      ...auth,
      config: BEFORE_SECOND_FACTOR,
      schema: { response: { 200: PasskeyListResponseSchema, ...ErrorResponses } },
    },
    async (request) => ({
      ...success(PasskeyMessages.title),
      passkeys: await passkeys.list(authenticatedDeveloperId(request)),
    }),
  );

  r.post(
    PasskeyPaths.registerOptions,
    { ...auth, config: { ...limited, ...BEFORE_SECOND_FACTOR }, schema: optionsAnswer },
    async (request) => ({
      ...success(PasskeyMessages.options),
      options: { ...(await passkeys.registrationOptions(stepUpCallerOf(request))) },
    }),
  );

  r.post(
    PasskeyPaths.register,
    {
      ...auth,
      config: { ...limited, ...BEFORE_SECOND_FACTOR },
      schema: {
        body: PasskeyRegisterRequestSchema,
        response: { 200: PasskeyAddedResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => {
      const added = await passkeys.register(
        authenticatedDeveloperId(request),
        request.body,
        clientOf(request),
      );
      const message =
        added.recoveryCodes === null ? PasskeyMessages.added : PasskeyMessages.addedWithCodes;
      return { ...success(message), ...added };
    },
  );

  r.post(
    PasskeyPaths.removeOptions,
    { ...auth, config: limited, schema: optionsAnswer },
    async (request) => ({
      ...success(PasskeyMessages.options),
      options: { ...(await passkeys.confirmOptions(authenticatedDeveloperId(request))) },
    }),
  );

  r.post(
    PasskeyPaths.remove,
    {
      ...auth,
      config: limited,
      schema: {
        body: PasskeyRemoveRequestSchema,
        response: { 200: StatusResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => {
      await passkeys.remove(authenticatedDeveloperId(request), request.body, clientOf(request));
      return success(PasskeyMessages.removed);
    },
  );

  r.post(
    PasskeyPaths.stepUpOptions,
    { ...auth, config: limited, schema: optionsAnswer },
    async (request) => ({
      ...success(PasskeyMessages.options),
      options: { ...(await deps.stepUp.options(authenticatedDeveloperId(request))) },
    }),
  );

  r.post(
    PasskeyPaths.stepUp,
    {
      ...auth,
      config: limited,
      schema: {
        body: PasskeyStepUpRequestSchema,
        response: { 200: StepUpResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => {
      const until = await deps.stepUp.stepUp(
        stepUpCallerOf(request),
        request.body.credential,
        clientOf(request),
      );
      return { ...success(StepUpMessages.granted), stepUpUntil: new Date(until).toISOString() };
    },
  );

  const signInRoute = { config: limited, onSend: noStore };
  const signedIn = { response: { 200: AuthResponseSchema, ...ErrorResponses } };

  r.post(
    PasskeyPaths.secondFactorOptions,
    { ...signInRoute, schema: { body: PasskeySessionRequestSchema, ...optionsAnswer } },
    async (request) => ({
      ...success(PasskeyMessages.options),
      options: {
        ...(await signIn.secondFactorOptions(request.body.session, signInClientOf(request))),
      },
    }),
  );

  r.post(
    PasskeyPaths.secondFactor,
    { ...signInRoute, schema: { body: PasskeySecondFactorRequestSchema, ...signedIn } },
    async (request, reply) =>
      signedInAnswer(
        deps.twoFactorPolicy,
        request,
        reply,
        await signIn.secondFactor(request.body, signInClientOf(request)),
      ),
  );

  r.post(PasskeyPaths.signInOptions, { ...signInRoute, schema: optionsAnswer }, async () => ({
    ...success(PasskeyMessages.options),
    options: { ...(await signIn.signInOptions()) },
  }));

  r.post(
    PasskeyPaths.signIn,
    { ...signInRoute, schema: { body: PasskeySignInRequestSchema, ...signedIn } },
    async (request, reply) =>
      signedInAnswer(
        deps.twoFactorPolicy,
        request,
        reply,
        await signIn.signIn(request.body.credential, signInClientOf(request)),
      ),
  );
}
