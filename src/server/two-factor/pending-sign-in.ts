import { TwoFactorMessages } from '../../contract/messages-two-factor.js';
import { findDeveloperById } from '../auth/auth.repository.js';
import type { AuthDeps, SignInClient } from '../auth/auth.service.js';
import type { DeviceCookies } from '../auth/device-cookie.js';
import { throttlePlan } from '../auth/sign-in-throttle.js';
import { AppError } from '../errors.js';
import { readChallenge } from './challenge.js';
import { asksSecondFactor } from './policy.js';

export const challengeExpired = () =>
  new AppError('second_factor_challenge_expired', TwoFactorMessages.challengeExpired);

/**
 * The sign-in waiting for its second factor under `session`: the developer, the browser's
 * device and the lockout's plan. A session past its time, a password changed or reset since,
 * or the factors gone: the password step again.
 */
export async function pendingSignIn(
  deps: AuthDeps,
  devices: DeviceCookies,
  session: string,
  client: SignInClient,
  now: number,
) {
  const challenge = readChallenge(deps.secrets.accessTokenSecret, session, now);
  if (challenge === null) throw challengeExpired();
  const developer = await findDeveloperById(deps.db, challenge.developerId);
  if (
    developer === undefined ||
    developer.tokensValidAfter > challenge.issuedAt ||
    !asksSecondFactor(deps.config.developerTwoFactor, developer)
  ) {
    throw challengeExpired();
  }
  const device = devices.deviceOf(client.deviceCookie, developer.id);
  return { developer, device, plan: throttlePlan(developer.id, device, client.ipKey) };
}
