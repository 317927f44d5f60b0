import type { Kysely } from 'kysely';
import type {
  TotpRemoveRequest,
  TwoFactorPolicy,
  TwoFactorStatus,
  TotpStartResponse,
} from '../../contract/two-factor.js';
import { Messages } from '../../contract/messages.js';
import { TwoFactorMessages } from '../../contract/messages-two-factor.js';
import type { ActivityOrigin } from '../activity/activity.repository.js';
import { findDeveloperById } from '../auth/auth.repository.js';
import { clearSignInFailures } from '../auth/sign-in-counts.repository.js';
import { planKeys, throttlePlan } from '../auth/sign-in-throttle.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { JobQueue } from '../jobs/job-definition.js';
import { confirmPassword, PASSWORD_TRY_COUNTER } from '../keys/confirm-password.js';
import type { KeyCrypto } from '../keys/key-crypto.js';
import { acceptedTotpStep, newTotpSecret, totpEnrollment } from '../ops/totp.js';
import type { StepUpCaller, StepUpGuard } from '../step-up/step-up.js';
import { recordFactorChange } from './factor-change.js';
import { firstFactorCodes, freshRecoveryCodes } from './first-factor.js';
import { checkSecondFactor, developerSealContext } from './second-factor-check.js';
import {
  beginTotp,
  confirmTotp,
  countRecoveryCodesLeft,
  findTotp,
  removeTotp,
  replaceRecoveryCodes,
} from './two-factor.repository.js';

/** What the account screen's second-factor service needs; no Fastify. */
export interface TwoFactorDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly crypto: KeyCrypto;
  readonly codeHashSecret: string;
  readonly jobs: JobQueue;
  readonly policy: TwoFactorPolicy;
  readonly productName: string;
  readonly publicUrl: string;
  readonly onLockout: () => void;
  readonly guard: StepUpGuard;
}

/** Who asks: where from (the activity log), and its address as the sign-in counts key it. */
export interface FactorClient {
  readonly origin: ActivityOrigin;
  readonly ipKey: string;
}

/**
 * The authenticator app on the account screen: set up (secret, QR, first code), recovery
 * codes shown once, removed with the password and a code, recovery codes made anew with a
 * code. Every change is logged and mailed (docs/decisions/063-developer-two-factor.md).
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, clock } = deps;
  const mails = { jobs: deps.jobs, productName: deps.productName, publicUrl: deps.publicUrl };
  const factorDeps = { ...deps, onLockout: deps.onLockout };

  function assertOn(): void {
    if (deps.policy === 'off') throw new AppError('forbidden', TwoFactorMessages.disabled);
  }

  async function developerOf(id: string) {
    const developer = await findDeveloperById(db, id);
    if (developer === undefined) throw new AppError('unauthorized', Messages.session.unauthorized);
    return developer;
  }

  async function assertEnrolled(developerId: string): Promise<void> {
    if (((await findTotp(db, developerId))?.confirmedAt ?? null) === null) {
      throw new AppError('conflict', TwoFactorMessages.notEnrolledError);
    }
  }

  /** A code or recovery code of the signed-in developer, counted like a sign-in's. */
  async function proveFactor(developerId: string, code: string, client: FactorClient) {
    const now = clock.now();
    const plan = throttlePlan(developerId, undefined, client.ipKey);
    const used = await checkSecondFactor(factorDeps, plan, code, now);
    if (used === null) throw new AppError('code_invalid', TwoFactorMessages.codeWrong);
    return { used, plan, now };
  }

  return {
    async status(developerId: string): Promise<Omit<TwoFactorStatus, 'status' | 'message'>> {
      const totp = await findTotp(db, developerId);
      return {
        policy: deps.policy,
        totpEnrolledAt: totp?.confirmedAt ?? null,
        recoveryCodesLeft: await countRecoveryCodesLeft(db, developerId),
      };
    },

    /**
     * A new secret waiting for its first code; one begun before is replaced. After the
     * session's step-up (the password), except for an account without a password, which has
     * nothing else to prove (docs/decisions/068-step-up.md).
     */
    async start(caller: StepUpCaller): Promise<Omit<TotpStartResponse, 'status' | 'message'>> {
      assertOn();
      const { developerId } = caller;
      const developer = await developerOf(developerId);
      if (developer.passwordHash !== null) await deps.guard.require(caller, clock.now());
      const secret = newTotpSecret();
      const sealed = deps.crypto.seal(developerSealContext(developerId), secret);
      if (!(await beginTotp(db, developerId, sealed, clock.now()))) {
        throw new AppError('conflict', TwoFactorMessages.alreadyEnrolled);
      }
      const { otpauthUri, qrSvg } = await totpEnrollment(secret, developer.email, deps.productName);
      return { secret, otpauthUri, qrSvg };
    },

    /**
     * The first code proves the app holds the secret; answers the ten recovery codes when it
     * is the account's first factor, else none (a passkey gave them before).
     */
    async confirm(developerId: string, code: string, origin: ActivityOrigin): Promise<string[]> {
      assertOn();
      const developer = await developerOf(developerId);
      const totp = await findTotp(db, developerId);
      if (totp === undefined || totp.confirmedAt !== null) {
        throw new AppError('conflict', TwoFactorMessages.notStarted);
      }
      const now = clock.now();
      const secret = deps.crypto.open(developerSealContext(developerId), totp.sealedSecret);
      const step = acceptedTotpStep(secret, code.trim(), now, null);
      if (step === null) throw new AppError('code_invalid', TwoFactorMessages.codeWrong);
      const done = await db.transaction().execute(async (trx) => {
        if (!(await confirmTotp(trx, developerId, step, now))) return null;
        const codes = await firstFactorCodes(trx, developerId, deps.codeHashSecret, now);
        await recordFactorChange(trx, mails, { developer, what: 'enrolled', at: now, origin });
        return codes;
      });
      if (done === null) throw new AppError('conflict', TwoFactorMessages.notStarted);
      deps.jobs.nudge();
      return done;
    },

    /** The password (when the account has one) and a code or recovery code. */
    async remove(developerId: string, input: TotpRemoveRequest, client: FactorClient) {
      const developer = await developerOf(developerId);
      await assertEnrolled(developerId);
      if (developer.passwordHash !== null) {
        await confirmPassword(db, developerId, input.password, PASSWORD_TRY_COUNTER, clock.now());
      }
      const { used, plan, now } = await proveFactor(developerId, input.code, client);
      await db.transaction().execute(async (trx) => {
        await clearSignInFailures(trx, developerId, planKeys(plan), plan.includeAccount, now);
        const change = { developer, at: now, origin: client.origin };
        if (used === 'recovery_code') {
          const details = { left: await countRecoveryCodesLeft(trx, developerId) };
          await recordFactorChange(trx, mails, { ...change, what: 'recovery_used', details });
        }
        await removeTotp(trx, developerId, now);
        await recordFactorChange(trx, mails, { ...change, what: 'removed' });
      });
      deps.jobs.nudge();
    },

    /** Ten new recovery codes after a current code; the earlier ones stop working. */
    async regenerate(developerId: string, code: string, client: FactorClient): Promise<string[]> {
      assertOn();
      const developer = await developerOf(developerId);
      await assertEnrolled(developerId);
      const { plan, now } = await proveFactor(developerId, code, client);
      const { codes, hashes } = freshRecoveryCodes(deps.codeHashSecret);
      await db.transaction().execute(async (trx) => {
        await clearSignInFailures(trx, developerId, planKeys(plan), plan.includeAccount, now);
        await replaceRecoveryCodes(trx, developerId, hashes, now);
        await recordFactorChange(trx, mails, {
          developer,
          what: 'regenerated',
          at: now,
          origin: client.origin,
        });
      });
      deps.jobs.nudge();
      return codes;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
