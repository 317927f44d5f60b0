import type { Kysely } from 'kysely';
import { StepUpMessages } from '../../contract/messages-step-up.js';
import { Messages } from '../../contract/messages.js';
import type { StepUpRequest } from '../../contract/step-up.js';
import { TwoFactorMessages } from '../../contract/messages-two-factor.js';
import { findDeveloperById } from '../auth/auth.repository.js';
import { clearSignInFailures } from '../auth/sign-in-counts.repository.js';
import { planKeys, throttlePlan } from '../auth/sign-in-throttle.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { JobQueue } from '../jobs/job-definition.js';
import { confirmPassword, PASSWORD_TRY_COUNTER } from '../keys/confirm-password.js';
import type { KeyCrypto } from '../keys/key-crypto.js';
import { recordFactorChange } from '../two-factor/factor-change.js';
import { checkSecondFactor } from '../two-factor/second-factor-check.js';
import type { FactorClient } from '../two-factor/two-factor.service.js';
import { countRecoveryCodesLeft } from '../two-factor/two-factor.repository.js';
import { grantStepUp, type StepUpCaller, type StepUpGuard } from './step-up.js';

type Developer = NonNullable<Awaited<ReturnType<typeof findDeveloperById>>>;

export interface StepUpDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly guard: StepUpGuard;
  readonly crypto: KeyCrypto;
  readonly codeHashSecret: string;
  readonly jobs: JobQueue;
  readonly productName: string;
  readonly publicUrl: string;
  readonly onLockout: () => void;
}

/**
 * The proof behind `POST /api/v1/account/step-up` (docs/decisions/068-step-up.md): a code or
 * recovery code of a developer with a factor, counted like a sign-in's; the password of one
 * without, counted like the key reveal's was.
 */
export function createStepUpService(deps: StepUpDeps) {
  const { db, clock } = deps;
  const mails = { jobs: deps.jobs, productName: deps.productName, publicUrl: deps.publicUrl };

  /** A code or recovery code; the counts clear and a used recovery code is logged and mailed. */
  async function proveCode(developer: Developer, code: string, client: FactorClient) {
    const now = clock.now();
    const plan = throttlePlan(developer.id, undefined, client.ipKey);
    const used = await checkSecondFactor(deps, plan, code, now);
    if (used === null) throw new AppError('code_invalid', TwoFactorMessages.codeWrong);
    await db.transaction().execute(async (trx) => {
      await clearSignInFailures(trx, developer.id, planKeys(plan), plan.includeAccount, now);
      if (used !== 'recovery_code') return;
      const details = { left: await countRecoveryCodesLeft(trx, developer.id) };
      const change = { developer, at: now, origin: client.origin, details };
      await recordFactorChange(trx, mails, { ...change, what: 'recovery_used' });
    });
    if (used === 'recovery_code') deps.jobs.nudge();
    return now;
  }

  return {
    /** Checks the proof and grants the session's step-up; answers until when it holds. */
    async stepUp(caller: StepUpCaller, request: StepUpRequest, client: FactorClient) {
      const developer = await findDeveloperById(db, caller.developerId);
      if (developer === undefined) {
        throw new AppError('unauthorized', Messages.session.unauthorized);
      }
      if (deps.guard.proofOf(developer) === 'password') {
        if (!('password' in request)) throw new AppError('bad_request', StepUpMessages.noFactor);
        const now = clock.now();
        await confirmPassword(db, developer.id, request.password, PASSWORD_TRY_COUNTER, now);
        return grantStepUp(db, caller, now);
      }
      if (!('code' in request)) throw new AppError('bad_request', StepUpMessages.wrongKind);
      return grantStepUp(db, caller, await proveCode(developer, request.code, client));
    },
  };
}

export type StepUpService = ReturnType<typeof createStepUpService>;
