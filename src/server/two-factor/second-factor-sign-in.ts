import type { SecondFactorRequest } from '../../contract/two-factor.js';
import { TwoFactorMessages } from '../../contract/messages-two-factor.js';
import { recordActivity } from '../activity/activity.repository.js';
import type { AuthDeps, PasswordSignedIn, SignInClient } from '../auth/auth.service.js';
import { createDeviceCookies } from '../auth/device-cookie.js';
import { RetryLaterError } from '../auth/rate-limits.js';
import { finishSignIn } from '../auth/sign-in-finish.js';
import { AppError } from '../errors.js';
import { recordFactorChange } from './factor-change.js';
import { pendingSignIn } from './pending-sign-in.js';
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

  return async function signInSecondFactor(
    input: SecondFactorRequest,
    client: SignInClient,
  ): Promise<PasswordSignedIn> {
    const now = clock.now();
    const pending = await pendingSignIn(deps, devices, input.session, client, now);
    const { developer, device, plan } = pending;
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
