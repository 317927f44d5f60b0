import type { SecondFactorRequest } from '../../contract/two-factor.js';
import { TwoFactorMessages } from '../../contract/messages-two-factor.js';
import { recordActivity } from '../activity/activity.repository.js';
import { findDeveloperById } from '../auth/auth.repository.js';
import type { AuthDeps, PasswordSignedIn, SignInClient } from '../auth/auth.service.js';
import { createDeviceCookies } from '../auth/device-cookie.js';
import { RetryLaterError } from '../auth/rate-limits.js';
import { finishSignIn } from '../auth/sign-in-finish.js';
import { throttlePlan } from '../auth/sign-in-throttle.js';
import { AppError } from '../errors.js';
import { readChallenge } from './challenge.js';
import { recordFactorChange } from './factor-change.js';
import { asksSecondFactor } from './policy.js';
import { checkSecondFactor, type FactorUsed } from './second-factor-check.js';
import { countRecoveryCodesLeft } from './two-factor.repository.js';

/**
 * The sign-in's second step: the password step's challenge and a code or recovery code.
 * A wrong code is counted and locked like a wrong password, and logged as a failed sign-in.
 */
export function createSecondFactorSignIn(deps: AuthDeps) {
  const { db, clock } = deps;
  const devices = createDeviceCookies(deps.secrets.accessTokenSecret);
  const factorDeps = {
    db,
    crypto: deps.crypto,
    codeHashSecret: deps.secrets.codeHashSecret,
    onLockout: () => deps.events.lockout(),
  };
  const mails = {
    jobs: deps.jobs,
    productName: deps.config.brand.productName,
    publicUrl: deps.config.publicUrl,
  };
  const expired = () =>
    new AppError('second_factor_challenge_expired', TwoFactorMessages.challengeExpired);

  return async function signInSecondFactor(
    input: SecondFactorRequest,
    client: SignInClient,
  ): Promise<PasswordSignedIn> {
    const now = clock.now();
    const challenge = readChallenge(deps.secrets.accessTokenSecret, input.session, now);
    if (challenge === null) throw expired();
    const developer = await findDeveloperById(db, challenge.developerId);
    // A password changed or reset since, or the factor removed: the password step again.
    if (
      developer === undefined ||
      developer.tokensValidAfter > challenge.issuedAt ||
      !asksSecondFactor(deps.config.developerTwoFactor, developer)
    ) {
      throw expired();
    }
    const device = devices.deviceOf(client.deviceCookie, developer.id);
    const plan = throttlePlan(developer.id, device, client.ipKey);
    const failed = (reason: string) =>
      recordActivity(db, {
        developerId: developer.id,
        kind: 'sign_in.failed',
        at: now,
        origin: { ip: client.ip, device: client.browser },
        details: { reason },
      });
    let used: FactorUsed | null;
    try {
      used = await checkSecondFactor(factorDeps, plan, input.code, now);
    } catch (error) {
      if (error instanceof RetryLaterError && error.code === 'account_locked') {
        deps.events.signIn('locked');
        await failed('locked');
      }
      throw error;
    }
    if (used === null) {
      deps.events.signIn('bad_credentials');
      await failed('bad_code');
      throw new AppError('code_invalid', TwoFactorMessages.codeWrong);
    }
    const origin = { ip: client.ip, device: client.browser };
    return finishSignIn(deps, devices, {
      developer,
      device,
      plan,
      client,
      now,
      details: { method: used },
      ...(used === 'recovery_code'
        ? {
            alsoWrite: async (trx) =>
              recordFactorChange(trx, mails, {
                developer,
                what: 'recovery_used',
                at: now,
                origin,
                details: { left: await countRecoveryCodesLeft(trx, developer.id) },
              }),
          }
        : {}),
    });
  };
}

export type SecondFactorSignIn = ReturnType<typeof createSecondFactorSignIn>;
