import type { ResetRequest } from '../../contract/auth.js';
import { Messages } from '../../contract/messages.js';
import { AppError } from '../errors.js';
import { findDeveloperByEmail, setPassword } from './auth.repository.js';
import type { AuthDeps } from './auth.service.js';
import { consumeCode, releaseCodeAttempt } from './codes.repository.js';
import { checkCode, issueCode, mailCode } from './one-time-codes.js';
import { hashPassword } from './passwords.js';
import { RetryLaterError } from './rate-limits.js';
import { revokeDeveloperTokens } from './sessions.repository.js';

/** Forgot password, the reset-code check (docs/decisions/007) and the reset itself. */
export function createPasswordResetService(deps: AuthDeps) {
  const { db, clock } = deps;
  const codeSecret = deps.secrets.codeHashSecret;
  const invalid = () => new AppError('bad_request', Messages.auth.codeInvalid);

  return {
    /**
     * Answers the same for every address: unknown ones, and known ones over their send
     * limits, get no mail and no error.
     */
    async forgotPassword(email: string): Promise<void> {
      const developer = await findDeveloperByEmail(db, email);
      if (developer === undefined) return;
      const now = clock.now();
      let code: string;
      try {
        code = await db
          .transaction()
          .execute((trx) => issueCode(trx, codeSecret, now, developer.id, 'reset'));
      } catch (error) {
        if (error instanceof RetryLaterError) return;
        throw error;
      }
      await mailCode(deps, developer, 'reset', code);
    },

    /**
     * The async validator's check: a wrong code spends one of the code's tries; a right
     * one gives its try back and stays usable for the reset.
     */
    async checkResetCode(email: string, code: string): Promise<void> {
      try {
        const developer = await findDeveloperByEmail(db, email);
        if (developer === undefined) throw invalid();
        const codeId = await checkCode(db, codeSecret, clock.now(), developer.id, 'reset', code);
        await releaseCodeAttempt(db, codeId);
      } catch (error) {
        if (error instanceof AppError)
          throw new AppError(error.code, error.message, { valid: false });
        throw error;
      }
    },

    /**
     * Uses the code and sets the new password in one transaction, ends every session:
     * refresh tokens are revoked and access tokens issued before now are refused.
     */
    async resetPassword(input: ResetRequest): Promise<void> {
      const developer = await findDeveloperByEmail(db, input.email);
      if (developer === undefined) throw invalid();
      const now = clock.now();
      const codeId = await checkCode(db, codeSecret, now, developer.id, 'reset', input.code);
      const passwordHash = await hashPassword(input.password);
      const isReset = await db.transaction().execute(async (trx) => {
        if (!(await consumeCode(trx, codeId, now))) return false;
        await setPassword(trx, developer.id, passwordHash, now);
        await revokeDeveloperTokens(trx, developer.id, now);
        return true;
      });
      if (!isReset) throw invalid();
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
