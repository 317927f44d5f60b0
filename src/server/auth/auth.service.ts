import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ConfirmRequest, SigninRequest, SignupRequest } from '../../contract/auth.js';
import { Messages } from '../../contract/messages.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { JobQueue } from '../jobs/job-definition.js';
import type { Secrets } from '../secrets.js';
import type { AuthEvents } from './auth-events.js';
import {
  clearSignInFailures,
  findDeveloperByEmail,
  insertDeveloper,
  isUniqueViolation,
  markVerified,
  recordFailedSignIn,
  setLockedUntil,
  type DeveloperRecord,
} from './auth.repository.js';
import { consumeCode } from './codes.repository.js';
import { lockoutMs } from './lockout.js';
import { checkCode, enqueueCodeMail, issueCode } from './one-time-codes.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { RetryLaterError, secondsUntil } from './rate-limits.js';
import { endSession, rotateSession, startSession, type SessionTokens } from './sessions.js';

/** What the account services need; no Fastify. */
export interface AuthDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly secrets: Secrets;
  readonly jobs: JobQueue;
  readonly config: Config;
  readonly events: AuthEvents;
}

export interface SignedIn {
  readonly developer: DeveloperRecord;
  readonly tokens: SessionTokens;
}

export function sessionDeps(deps: AuthDeps) {
  return { db: deps.db, accessTokenSecret: deps.secrets.accessTokenSecret };
}

/** Sign-up, code verification, sign-in and sessions. */
export function createAuthService(deps: AuthDeps) {
  const { db, clock } = deps;
  const codeSecret = deps.secrets.codeHashSecret;
  const badCredentials = () => new AppError('unauthorized', Messages.auth.badCredentials);
  const exists = () => new AppError('conflict', Messages.signup.developerExists);

  return {
    async signup(input: SignupRequest): Promise<void> {
      if ((await findDeveloperByEmail(db, input.email)) !== undefined) throw exists();
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      const id = randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          await insertDeveloper(trx, {
            id,
            email: input.email,
            name: input.name,
            mobile: input.mobile,
            state: input.state,
            passwordHash,
            verifiedAt: null,
            clientCode: null,
            createdAt: now,
          });
          const code = await issueCode(trx, codeSecret, now, id, 'verify');
          await enqueueCodeMail(deps, trx, input, 'verify', code);
        });
      } catch (error) {
        // Two sign-ups of one address at once: the unique index decides.
        if (isUniqueViolation(error)) throw exists();
        throw error;
      }
      deps.jobs.nudge();
    },

    async confirm(input: ConfirmRequest): Promise<void> {
      const invalid = new AppError('bad_request', Messages.auth.codeInvalid);
      const developer = await findDeveloperByEmail(db, input.email);
      if (developer === undefined) throw invalid;
      const now = clock.now();
      const codeId = await checkCode(db, codeSecret, now, developer.id, 'verify', input.code);
      const isConsumed = await db.transaction().execute(async (trx) => {
        if (!(await consumeCode(trx, codeId, now))) return false;
        await markVerified(trx, developer.id, now);
        return true;
      });
      if (!isConsumed) throw invalid;
    },

    /** Unknown addresses get the same answer as unverified ones, and no mail. */
    /**
     * Answers alike for an unknown, a verified and an unverified address (decision 010):
     * only an unverified one gets a code.
     */
    async sendConfirmation(email: string): Promise<void> {
      const developer = await findDeveloperByEmail(db, email);
      if (developer === undefined || developer.verifiedAt !== null) return;
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const code = await issueCode(trx, codeSecret, now, developer.id, 'verify');
        await enqueueCodeMail(deps, trx, developer, 'verify', code);
      });
      deps.jobs.nudge();
    },

    /**
     * Unknown e-mail and wrong password answer alike and cost one argon2 check each; a
     * locked account is refused before its password is looked at; "not verified" is said
     * only to someone who knows the password.
     */
    async signin(input: SigninRequest): Promise<SignedIn> {
      const developer = await findDeveloperByEmail(db, input.email);
      if (developer === undefined) {
        await verifyAgainstDummy(input.password);
        deps.events.signIn('bad_credentials');
        throw badCredentials();
      }
      const now = clock.now();
      if (developer.lockedUntil !== null && developer.lockedUntil > now) {
        deps.events.signIn('locked');
        const seconds = secondsUntil(developer.lockedUntil - now);
        throw new RetryLaterError(Messages.auth.accountLocked(seconds), seconds);
      }
      const isValid =
        developer.passwordHash === null
          ? await verifyAgainstDummy(input.password)
          : await verifyPassword(developer.passwordHash, input.password);
      if (!isValid) {
        const lockMs = lockoutMs(await recordFailedSignIn(db, developer.id));
        if (lockMs > 0) {
          await setLockedUntil(db, developer.id, now + lockMs);
          deps.events.lockout();
        }
        deps.events.signIn('bad_credentials');
        throw badCredentials();
      }
      if (developer.failedSignIns > 0) await clearSignInFailures(db, developer.id);
      if (developer.verifiedAt === null) {
        deps.events.signIn('unverified');
        throw new AppError('forbidden', Messages.login.developerNotVerified);
      }
      deps.events.signIn('success');
      return { developer, tokens: await startSession(sessionDeps(deps), developer, now) };
    },

    refresh(refreshToken: string, developerId: string): Promise<SessionTokens> {
      return rotateSession(sessionDeps(deps), refreshToken, developerId, clock.now());
    },

    logout(refreshToken: string): Promise<void> {
      return endSession(sessionDeps(deps), refreshToken, clock.now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
