import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { Messages } from '../../contract/messages.js';
import { TwoFactorMessages } from '../../contract/messages-two-factor.js';
import type { TwoFactorPolicy } from '../../contract/two-factor.js';
import { mustEnroll } from '../two-factor/policy.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { BearerState } from './auth.repository.js';
import { verifyAccessToken } from './tokens.js';

export type Authenticate = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of every bearer-token route: `{ preHandler: app.authenticate }`. */
    authenticate: Authenticate;
  }
  interface FastifyContextConfig {
    /** A bearer call a developer may make before setting up a required second factor. */
    beforeSecondFactor?: boolean;
  }
}

/** The route config of the calls that set up a second factor (DEVELOPER_2FA=required). */
export const BEFORE_SECOND_FACTOR: FastifyContextConfig = { beforeSecondFactor: true };

export interface AuthenticateDeps {
  readonly accessTokenSecret: string;
  readonly clock: Clock;
  /** The developer's row as a bearer call needs it, undefined when the developer is gone. */
  readonly bearerState: (developerId: string) => Promise<BearerState | undefined>;
  /** Whether the session of a token has ended (signed out, or ended with a password change). */
  readonly isSessionEnded: (sessionId: string) => Promise<boolean>;
  /** DEVELOPER_2FA: with `required`, a developer without a factor may only set one up. */
  readonly twoFactorPolicy: TwoFactorPolicy;
}

const proven = new WeakMap<FastifyRequest, { developerId: string; appsVersion: number }>();
const sessionIds = new WeakMap<FastifyRequest, string>();

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;

/**
 * Reads `Authorization: Bearer <access token>`, verifies it (HS256 only, signature,
 * expiry), and refuses tokens of a developer who no longer exists or who reset the
 * password after the token was issued, and tokens of a session that has ended. Every failure
 * is the same 401. Under DEVELOPER_2FA=required, a developer without a second factor gets a
 * 403 `second_factor_required` from every call but those that set one up.
 */
export function createAuthenticate(deps: AuthenticateDeps): Authenticate {
  return async (request) => {
    // Made only on failure: an Error captures a stack, a cost every signed-in call paid.
    const unauthorized = () => new AppError('unauthorized', Messages.session.unauthorized);
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (match?.[1] === undefined) throw unauthorized();
    const claims = verifyAccessToken(deps.accessTokenSecret, match[1], deps.clock.now());
    if (claims === null) throw unauthorized();
    const state = await deps.bearerState(claims.developerId);
    if (state === undefined || claims.issuedAtMs < state.tokensValidAfter) throw unauthorized();
    if (claims.sessionId !== null && (await deps.isSessionEnded(claims.sessionId))) {
      throw unauthorized();
    }
    if (
      mustEnroll(deps.twoFactorPolicy, state) &&
      request.routeOptions.config.beforeSecondFactor !== true
    ) {
      throw new AppError('second_factor_required', TwoFactorMessages.enrollmentNeeded);
    }
    proven.set(request, { developerId: claims.developerId, appsVersion: state.appsVersion });
    if (claims.sessionId !== null) sessionIds.set(request, claims.sessionId);
  };
}

/** The developer id `authenticate` proved for this request. */
export function authenticatedDeveloperId(request: FastifyRequest): string {
  return provenFor(request).developerId;
}

/**
 * The developer's `apps_version` as `authenticate` read it, before the route reads any
 * application: the cached list of src/server/apps/list-cache.ts is keyed by it.
 */
export function authenticatedAppsVersion(request: FastifyRequest): number {
  return provenFor(request).appsVersion;
}

function provenFor(request: FastifyRequest) {
  const found = proven.get(request);
  if (found === undefined) throw new AppError('unauthorized', Messages.session.unauthorized);
  return found;
}

/** The session (`sid` claim) of this request's access token; null for a token without one. */
export function authenticatedSessionId(request: FastifyRequest): string | null {
  return sessionIds.get(request) ?? null;
}
