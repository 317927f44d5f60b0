import type { ResetRequest } from '../../contract/auth.js';
import { Messages } from '../../contract/messages.js';
import { recordActivity } from '../activity/activity.repository.js';
import { AppError } from '../errors.js';
import { findDeveloperByEmail, isClaimableByMail, setPassword } from './auth.repository.js';
import type { AuthDeps } from './auth.service.js';
import { createCodeGuard, type CodeClient } from './code-failures.js';
import { consumeCode, releaseCodeAttempt } from './codes.repository.js';
import { createDeviceCookies } from './device-cookie.js';
import { enqueueCodeMail, issueCode } from './one-time-codes.js';
import { hashPassword } from './passwords.js';
import { RetryLaterError } from './rate-limits.js';
import { ResetCodeJob } from './reset-code-job.js';
import { countResetRequest } from './reset-send-limits.js';
import { revokeDeveloperTokens } from './sessions.repository.js';
import { deleteCountsOf } from './sign-in-counts.repository.js';

/** Forgot password, the reset-code check (docs/decisions/007) and the reset itself. */
export function createPasswordResetService(deps: AuthDeps) {
  const { db, clock } = deps;
  const codeSecret = deps.secrets.codeHashSecret;
  const codes = createCodeGuard(deps);
  const devices = createDeviceCookies(deps.secrets.accessTokenSecret);
  const invalid = () => new AppError('code_invalid', Messages.auth.codeInvalid);
  /** The developer a reset may reach by this address; undefined answers like an unknown one. */
  const resettable = async (email: string) => {
    const developer = await findDeveloperByEmail(db, email);
    return developer !== undefined && isClaimableByMail(developer) ? developer : undefined;
  };

  return {
    /**
     * Answers the same, in the same time, for every address: the send limits are counted
     * per typed address (a refusal is the 429 with the wait, for any address), then the
     * request only queues the address, the same single insert whether it is known or not.
     * The job does the rest; it learns which account's browser asked from the device
     * cookie alone, as that needs no lookup.
     */
    async forgotPassword(email: string, deviceCookie: string | undefined): Promise<void> {
      await countResetRequest({ db, codeHashSecret: codeSecret }, email, clock.now());
      const trustedFor = devices.ownerOf(deviceCookie);
      const job = { email, ...(trustedFor === undefined ? {} : { trustedFor }) };
      await db.transaction().execute((trx) => deps.jobs.enqueue(trx, ResetCodeJob, job));
      deps.jobs.nudge();
    },

    /**
     * The job behind forgotPassword, within the limits the request counted: unknown addresses
     * get no mail, nor does a browser the wrong-code lock refuses (the answer was sent alike).
     */
    async mailResetCode(email: string, trustedFor: string | undefined): Promise<void> {
      const developer = await resettable(email);
      if (developer === undefined) return;
      const now = clock.now();
      if (!(await codes.isOpen(developer.id, 'reset', trustedFor, now))) return;
      await db.transaction().execute(async (trx) => {
        const code = await issueCode(trx, codeSecret, now, developer.id, 'reset');
        await enqueueCodeMail(deps, trx, developer, 'reset', code);
      });
      deps.jobs.nudge();
    },

    /**
     * The async validator's check: a wrong code spends one of the code's tries; a right
     * one gives its try back and stays usable for the reset.
     */
    async checkResetCode(email: string, code: string, client: CodeClient): Promise<void> {
      try {
        const developer = await resettable(email);
        if (developer === undefined) throw invalid();
        const codeId = await codes.check(developer, 'reset', code, client, clock.now());
        await releaseCodeAttempt(db, codeId);
      } catch (error) {
        if (error instanceof AppError && !(error instanceof RetryLaterError))
          throw new AppError(error.code, error.message, { valid: false });
        throw error;
      }
    },

    /**
     * Uses the code and sets the new password in one transaction, ends every session:
     * refresh tokens are revoked and access tokens issued before now are refused.
     */
    async resetPassword(input: ResetRequest, client: CodeClient): Promise<void> {
      const { origin } = client;
      const developer = await resettable(input.email);
      if (developer === undefined) throw invalid();
      const now = clock.now();
      const codeId = await codes.check(developer, 'reset', input.code, client, now);
      const passwordHash = await hashPassword(input.password);
      const isReset = await db.transaction().execute(async (trx) => {
        if (!(await consumeCode(trx, codeId, now))) return false;
        await setPassword(trx, developer.id, passwordHash, now);
        await deleteCountsOf(trx, 'signInThrottles', developer.id);
        await deps.sessionEnds.announce(trx, await revokeDeveloperTokens(trx, developer.id, now));
        await recordActivity(trx, {
          developerId: developer.id,
          kind: 'password.reset',
          at: now,
          origin,
        });
        return true;
      });
      if (!isReset) throw invalid();
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
