import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthResponseSchema,
  CodeCheckRequestSchema,
  CodeCheckResponseSchema,
  ConfirmRequestSchema,
  EmailRequestSchema,
  FlowQuerySchema,
  LogoutRequestSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  ResetRequestSchema,
  SendConfirmationResponseSchema,
  SigninRequestSchema,
  SignupRequestSchema,
  StatusResponseSchema,
} from '../../contract/auth.js';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import {
  isSecondFactorAsked,
  type AuthService,
  type PasswordSignedIn,
  type SecondFactorAsked,
  type SignedIn,
} from './auth.service.js';
import {
  authenticationResult,
  authResponse,
  challengeResponse,
  CodeCheckErrorSchema,
  ErrorResponses,
  SignInAnswerSchema,
} from './auth.responses.js';
import { SecondFactorRequestSchema, type TwoFactorPolicy } from '../../contract/two-factor.js';
import { mustEnroll } from '../two-factor/policy.js';
import type { SecondFactorSignIn } from '../two-factor/second-factor-sign-in.js';
import type { CodeClient } from './code-failures.js';
import { DEVICE_COOKIE } from './device-cookie.js';
import {
  FLOW_STATE_COOKIE,
  FLOW_STATE_MAX_AGE_SECONDS,
  isSameFlowState,
  newFlowState,
} from './flow-state.js';
import { AppError } from '../errors.js';
import type { PasswordResetService } from './password-reset.service.js';
import { noStore } from '../http/no-store.js';
import { perIpLimit } from './rate-limits.js';
import { signedInAnswer, signInClientOf } from './signed-in-answer.js';
import { activityOriginOf } from '../activity/activity-origin.js';
import { sessionOriginOf, type SessionOrigin } from './session-origin.js';

export interface AuthRouteDeps {
  readonly auth: AuthService;
  readonly reset: PasswordResetService;
  readonly loginWithFlow: (
    token: string,
    origin: SessionOrigin,
  ) => Promise<SignedIn | SecondFactorAsked>;
  readonly secondFactor: SecondFactorSignIn;
  readonly twoFactorPolicy: TwoFactorPolicy;
  /** Where the login button sends the browser; null: hand-off login is off. */
  readonly flowLogin: { readonly url: string | null; readonly applicationId: string };
  readonly rateLimitPerMinute: number;
}

/** The browser of a code check: its device cookie and where it is, for the activity log. */
const codeClientOf = (request: FastifyRequest): CodeClient => ({
  deviceCookie: request.cookies[DEVICE_COOKIE],
  origin: activityOriginOf(request),
});

/** The unauthenticated account calls of docs/product.md section 7, plus logout and the code check. */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = perIpLimit(deps.rateLimitPerMinute);
  const ok = (message: string) => ({ status: 'success' as const, message });

  r.post(
    ApiPaths.signup,
    {
      config: limited,
      schema: {
        body: SignupRequestSchema,
        response: { 201: StatusResponseSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      await deps.auth.signup(request.body);
      return reply.status(201).send(ok(Messages.signup.success));
    },
  );

  r.post(
    ApiPaths.confirm,
    {
      config: limited,
      schema: {
        body: ConfirmRequestSchema,
        response: { 200: StatusResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => {
      await deps.auth.confirm(request.body, codeClientOf(request));
      return ok(Messages.otp.verified);
    },
  );

  r.post(
    ApiPaths.sendConfirmation,
    {
      config: limited,
      schema: {
        body: EmailRequestSchema,
        response: { 200: SendConfirmationResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => {
      await deps.auth.sendConfirmation(request.body.email, request.cookies[DEVICE_COOKIE]);
      return { ...ok(Messages.otp.sent), user_status: 'UNCONFIRMED' };
    },
  );

  const answer = (request: FastifyRequest, reply: FastifyReply, done: PasswordSignedIn) =>
    signedInAnswer(deps.twoFactorPolicy, request, reply, done);

  r.post(
    ApiPaths.signin,
    {
      config: limited,
      onSend: noStore,
      schema: {
        body: SigninRequestSchema,
        response: { 200: SignInAnswerSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const outcome = await deps.auth.signin(request.body, signInClientOf(request));
      return isSecondFactorAsked(outcome)
        ? challengeResponse(outcome)
        : answer(request, reply, outcome);
    },
  );

  r.post(
    ApiPaths.signinSecondFactor,
    {
      config: limited,
      onSend: noStore,
      schema: {
        body: SecondFactorRequestSchema,
        response: { 200: AuthResponseSchema, ...ErrorResponses },
      },
    },
    async (request, reply) =>
      answer(request, reply, await deps.secondFactor(request.body, signInClientOf(request))),
  );

  r.post(
    ApiPaths.refresh,
    {
      config: limited,
      onSend: noStore,
      schema: {
        body: RefreshRequestSchema,
        response: { 200: RefreshResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => {
      const tokens = await deps.auth.refresh(request.body.refresh_token, request.body.id);
      return {
        ...ok(Messages.auth.tokenRefreshed),
        user_status: { AuthenticationResult: authenticationResult(tokens) },
      };
    },
  );

  r.post(
    ApiPaths.logout,
    {
      schema: {
        body: LogoutRequestSchema,
        response: { 200: StatusResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => {
      await deps.auth.logout(request.body.refresh_token);
      return ok(Messages.auth.loggedOut);
    },
  );

  r.post(
    ApiPaths.forgotPassword,
    {
      config: limited,
      schema: {
        body: EmailRequestSchema,
        response: { 200: StatusResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => {
      await deps.reset.forgotPassword(request.body.email, request.cookies[DEVICE_COOKIE]);
      return ok(Messages.auth.codeSent);
    },
  );

  r.post(
    ApiPaths.forgotPasswordVerify,
    {
      config: limited,
      schema: {
        body: CodeCheckRequestSchema,
        response: { 200: CodeCheckResponseSchema, ...ErrorResponses, 400: CodeCheckErrorSchema },
      },
    },
    async (request) => {
      await deps.reset.checkResetCode(request.body.email, request.body.code, codeClientOf(request));
      return { ...ok(Messages.auth.codeValid), valid: true };
    },
  );

  r.post(
    ApiPaths.forgotPasswordConfirm,
    {
      config: limited,
      schema: {
        body: ResetRequestSchema,
        response: { 200: StatusResponseSchema, ...ErrorResponses },
      },
    },
    async (request) => {
      await deps.reset.resetPassword(request.body, codeClientOf(request));
      return ok(Messages.resetPassword.success);
    },
  );

  const flowCookie = (request: FastifyRequest) => ({
    path: ApiPaths.loginWithFlow,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
  });

  const { url: flowLoginUrl, applicationId } = deps.flowLogin;
  if (flowLoginUrl !== null) {
    r.get(ApiPaths.flowStart, { config: limited }, async (request, reply) => {
      const state = newFlowState();
      reply.setCookie(FLOW_STATE_COOKIE, state, {
        ...flowCookie(request),
        maxAge: FLOW_STATE_MAX_AGE_SECONDS,
      });
      const target = new URL(flowLoginUrl);
      target.searchParams.set('applicationId', applicationId);
      target.searchParams.set('state', state);
      return reply.redirect(target.toString(), 302);
    });
  }

  r.get(
    ApiPaths.loginWithFlow,
    {
      config: limited,
      onSend: noStore,
      schema: {
        querystring: FlowQuerySchema,
        response: { 200: SignInAnswerSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const cookie = request.cookies[FLOW_STATE_COOKIE];
      // A state is good for one answer, whatever it is.
      reply.clearCookie(FLOW_STATE_COOKIE, flowCookie(request));
      if (!isSameFlowState(cookie, request.query.state)) {
        throw new AppError('unauthorized', Messages.auth.flowStateMismatch);
      }
      const outcome = await deps.loginWithFlow(request.query.auth, sessionOriginOf(request));
      if (isSecondFactorAsked(outcome)) return challengeResponse(outcome);
      const { developer, tokens } = outcome;
      return authResponse(developer, tokens, mustEnroll(deps.twoFactorPolicy, developer));
    },
  );
}
