import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_PATHS_PREFIX } from '../../contract/api-paths.js';
import { SignInLimits } from '../../contract/limits.js';
import type { TwoFactorPolicy } from '../../contract/two-factor.js';
import { mustEnroll } from '../two-factor/policy.js';
import { authResponse } from './auth.responses.js';
import type { PasswordSignedIn, SignInClient } from './auth.service.js';
import { DEVICE_COOKIE } from './device-cookie.js';
import { sessionOriginOf } from './session-origin.js';

/** The browser of a sign-in: where it is, its address as the counts key it, its device cookie. */
export const signInClientOf = (request: FastifyRequest): SignInClient => ({
  ...sessionOriginOf(request),
  ipKey: normalizeIP(request.ip),
  deviceCookie: request.cookies[DEVICE_COOKIE],
});

/** The spec's answer of a whole sign-in, with the device cookie. */
export function signedInAnswer(
  policy: TwoFactorPolicy,
  request: FastifyRequest,
  reply: FastifyReply,
  done: PasswordSignedIn,
) {
  // Sent back on sign-in only, unreadable by scripts, renewed by every sign-in.
  reply.setCookie(DEVICE_COOKIE, done.deviceCookie, {
    // Every account call: the code checks honour it too (decision 057).
    path: AUTH_PATHS_PREFIX,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: SignInLimits.deviceCookieMaxAgeDays * 24 * 60 * 60,
  });
  return authResponse(done.developer, done.tokens, mustEnroll(policy, done.developer));
}
