import type { FastifyInstance } from 'fastify';
import { noStore } from '../http/no-store.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PasswordChangeRequestSchema,
  PasswordChangeResponseSchema,
  ProfileResponseSchema,
  ProfileUpdateRequestSchema,
} from '../../contract/account.js';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import { activityOriginOf } from '../activity/activity-origin.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import { authenticatedDeveloperId, BEFORE_SECOND_FACTOR } from '../auth/authenticate.js';
import { perIpLimit } from '../auth/rate-limits.js';
import type { AccountService } from './account.service.js';

export interface AccountRouteDeps {
  readonly account: AccountService;
  readonly rateLimitPerMinute: number;
}

/** The account screen's bearer calls under /api/v1/account. */
export function registerAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };
  // The profile is personal data: no shared cache may keep it.
  const profile = { ...auth, onSend: noStore };
  const profileResponse = { 200: ProfileResponseSchema, ...ErrorResponses };

  r.get(
    ApiPaths.accountProfile,
    // The account screen, where a required second factor is set up, shows the profile.
    { ...profile, config: BEFORE_SECOND_FACTOR, schema: { response: profileResponse } },
    async (request) => ({
      status: 'success' as const,
      message: Messages.account.profileFound,
      profile: await deps.account.profile(authenticatedDeveloperId(request)),
    }),
  );

  r.put(
    ApiPaths.accountProfile,
    { ...profile, schema: { body: ProfileUpdateRequestSchema, response: profileResponse } },
    async (request) => ({
      status: 'success' as const,
      message: Messages.account.profileSaved,
      profile: await deps.account.updateProfile(authenticatedDeveloperId(request), request.body),
    }),
  );

  r.post(
    ApiPaths.accountPassword,
    {
      // A second factor of the last 5 minutes too (docs/decisions/068-step-up.md).
      preHandler: [app.authenticate, app.requireStepUp],
      // Each try costs two argon2 hashes and guesses the current password: limited per IP.
      config: perIpLimit(deps.rateLimitPerMinute),
      schema: {
        body: PasswordChangeRequestSchema,
        response: { 200: PasswordChangeResponseSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const access = await deps.account.changePassword(
        authenticatedDeveloperId(request),
        request.body,
        activityOriginOf(request),
      );
      void reply.header('cache-control', 'no-store');
      return {
        status: 'success' as const,
        message: Messages.account.passwordChanged,
        user_status: {
          AuthenticationResult: {
            AccessToken: access.accessToken,
            ExpiresIn: access.expiresIn,
            TokenType: 'Bearer' as const,
          },
        },
      };
    },
  );
}
