import type { AssertionCredential } from '../../contract/passkeys.js';
import { PasskeyMessages } from '../../contract/messages-passkeys.js';
import { clearSignInFailures } from '../auth/sign-in-counts.repository.js';
import { planKeys, throttlePlan } from '../auth/sign-in-throttle.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import { grantStepUp, type StepUpCaller } from '../step-up/step-up.js';
import type { FactorClient } from '../two-factor/two-factor.service.js';
import { confirmOptions, type AssertionDeps } from './passkey-assertion.js';
import { checkPasskeyFactor } from './passkey-factor.js';

export interface PasskeyStepUpDeps extends AssertionDeps {
  readonly clock: Clock;
  readonly onLockout: () => void;
}

/**
 * A passkey as the session's step-up proof (docs/decisions/068-step-up.md): the assertion is
 * counted like a code, and once verified the session gets the same five-minute grant.
 */
export function createPasskeyStepUp(deps: PasskeyStepUpDeps) {
  const { db, clock } = deps;
  return {
    /** Options for an assertion by one of the developer's passkeys; 404 without one. */
    options: (developerId: string) => confirmOptions(deps, developerId, clock.now()),

    /** Verifies the assertion and grants the step-up; answers until when it holds. */
    async stepUp(caller: StepUpCaller, credential: AssertionCredential, client: FactorClient) {
      const now = clock.now();
      const plan = throttlePlan(caller.developerId, undefined, client.ipKey);
      if ((await checkPasskeyFactor(deps, plan, 'confirm', credential, now)) === null) {
        throw new AppError('code_invalid', PasskeyMessages.notVerified);
      }
      await db
        .transaction()
        .execute((trx) =>
          clearSignInFailures(trx, caller.developerId, planKeys(plan), plan.includeAccount, now),
        );
      return grantStepUp(db, caller, now);
    },
  };
}

export type PasskeyStepUp = ReturnType<typeof createPasskeyStepUp>;
