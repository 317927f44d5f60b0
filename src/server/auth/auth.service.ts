import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ConfirmRequest, SigninRequest, SignupRequest } from '../../contract/auth.js';
import { Messages } from '../../contract/messages.js';
import { recordActivity } from '../activity/activity.repository.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { JobQueue } from '../jobs/job-definition.js';
import type { SharedTransaction } from '../db/shared-transaction.js';
import type { KeyCrypto } from '../keys/key-crypto.js';
import type { Secrets } from '../secrets.js';
import type { AuthEvents } from './auth-events.js';
import {
  findDeveloperByEmail,
  insertDeveloper,
  isClaimableByMail,
  isUniqueViolation,
  markVerified,
  type DeveloperRecord,
} from './auth.repository.js';
import { createCodeGuard, type CodeClient } from './code-failures.js';
import { consumeCode } from './codes.repository.js';
import { createDeviceCookies } from './device-cookie.js';
import { enqueueCodeMail, issueCode, issueLimitedCode } from './one-time-codes.js';
import { hashPassword, reservePasswordCheck, verifyAgainstDummy } from './passwords.js';
import { RetryLaterError } from './rate-limits.js';
import { countResendGap, startResendGap } from './reset-send-limits.js';
import type { SessionOrigin } from './session-origin.js';
import type { SessionEnds } from './session-ends.js';
import { endSession, rotateSession, type SessionTokens } from './sessions.js';
import { finishSignIn, sessionDeps } from './sign-in-finish.js';
import { askSecondFactor, type SecondFactorAsked } from '../two-factor/ask-second-factor.js';
import { asksSecondFactor } from '../two-factor/policy.js';
import { clearSignInFailures } from './sign-in-counts.repository.js';
import { planKeys, takeSignInTry, throttlePlan } from './sign-in-throttle.js';

/** What the account services need; no Fastify. */
export interface AuthDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly secrets: Secrets;
  readonly jobs: JobQueue;
  readonly config: Config;
  readonly events: AuthEvents;
  readonly sessionEnds: SessionEnds;
  /** Seals the developers' authenticator secrets, as the API keys are sealed. */
  readonly crypto: KeyCrypto;
  /** The commit a sign-in shares with other writes, its disk sync off the event loop (033). */
  readonly shared: SharedTransaction;
}

export interface SignedIn {
  readonly developer: DeveloperRecord;
  readonly tokens: SessionTokens;
}

/** Where a sign-in comes from: its session's origin, and what the sign-in counts need. */
export interface SignInClient extends SessionOrigin {
  /** The address as its rate limits count it (an IPv6 client by its /64). */
  readonly ipKey: string;
  readonly deviceCookie: string | undefined;
}

export interface PasswordSignedIn extends SignedIn {
  /** The device cookie to set: the browser's own when it was valid, else a new one. */
  readonly deviceCookie: string;
}

export type { SecondFactorAsked };

/** A sign-in's answer: signed in, or asked for the second factor. */
export type SignInOutcome = PasswordSignedIn | SecondFactorAsked;

export const isSecondFactorAsked = (
  outcome: SignedIn | SecondFactorAsked,
): outcome is SecondFactorAsked => 'session' in outcome;

/** Sign-up, code verification, sign-in and sessions. */
export function createAuthService(deps: AuthDeps) {
  const { db, clock } = deps;
  const codeSecret = deps.secrets.codeHashSecret;
  const badCredentials = () => new AppError('bad_credentials', Messages.auth.badCredentials);
  const exists = () => new AppError('developer_exists', Messages.signup.developerExists);
  const devices = createDeviceCookies(deps.secrets.accessTokenSecret);
  const codes = createCodeGuard(deps);
  const counters = { db, codeHashSecret: codeSecret };

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
      await startResendGap(counters, 'verify', input.email, now);
      deps.jobs.nudge();
    },

    async confirm(input: ConfirmRequest, client: CodeClient): Promise<void> {
      const invalid = new AppError('code_invalid', Messages.auth.codeInvalid);
      const developer = await findDeveloperByEmail(db, input.email);
      if (developer === undefined) throw invalid;
      const now = clock.now();
      const codeId = await codes.check(developer, 'verify', input.code, client, now);
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
    async sendConfirmation(email: string, deviceCookie: string | undefined): Promise<void> {
      const now = clock.now();
      await countResendGap(counters, 'verify', email, now);
      const developer = await findDeveloperByEmail(db, email);
      if (developer?.verifiedAt !== null || !isClaimableByMail(developer)) return;
      await codes.assertOpen(developer.id, 'verify', deviceCookie, now);
      await db.transaction().execute(async (trx) => {
        const code = await issueLimitedCode(trx, codeSecret, now, developer.id, 'verify');
        await enqueueCodeMail(deps, trx, developer, 'verify', code);
      });
      deps.jobs.nudge();
    },

    /**
     * Unknown e-mail and wrong password answer alike and cost one argon2 check each. A try
     * is counted before the password is looked at, and a locked count refuses it unchecked
     * (docs/decisions/010); "not verified" is said only to someone who knows the password.
     * A browser without a valid device cookie gets one, and the developer a security mail.
     * With a second factor, the right password earns only the challenge and clears no count:
     * each code tried after it is counted (docs/decisions/063-developer-two-factor.md).
     */
    async signin(input: SigninRequest, client: SignInClient): Promise<SignInOutcome> {
      const developer = await findDeveloperByEmail(db, input.email);
      if (developer === undefined) {
        await verifyAgainstDummy(input.password);
        deps.events.signIn('bad_credentials');
        throw badCredentials();
      }
      const now = clock.now();
      const device = devices.deviceOf(client.deviceCookie, developer.id);
      const plan = throttlePlan(developer.id, device, client.ipKey);
      const activity = (kind: 'sign_in.succeeded' | 'sign_in.failed', reason?: string) => ({
        developerId: developer.id,
        kind,
        at: now,
        origin: { ip: client.ip, device: client.browser },
        ...(reason === undefined ? {} : { details: { reason } }),
      });
      // The place among the hashing threads first: a sign-in refused for load costs no try.
      const check = reservePasswordCheck();
      let isValid: boolean;
      try {
        if ((await takeSignInTry(db, plan, now)).hasLocked) deps.events.lockout();
        isValid = await check.verify(developer.passwordHash, input.password);
      } catch (error) {
        if (error instanceof RetryLaterError && error.code === 'account_locked') {
          deps.events.signIn('locked');
          await recordActivity(db, activity('sign_in.failed', 'locked'));
        }
        throw error;
      } finally {
        check.release();
      }
      if (!isValid) {
        deps.events.signIn('bad_credentials');
        await recordActivity(db, activity('sign_in.failed', 'bad_credentials'));
        throw badCredentials();
      }
      if (developer.verifiedAt === null) {
        await db.transaction().execute(async (trx) => {
          await clearSignInFailures(trx, developer.id, planKeys(plan), plan.includeAccount, now);
          await recordActivity(trx, activity('sign_in.failed', 'unverified'));
        });
        deps.events.signIn('unverified');
        throw new AppError('developer_not_verified', Messages.login.developerNotVerified);
      }
      if (asksSecondFactor(deps.config.developerTwoFactor, developer)) {
        return askSecondFactor(db, deps.secrets.accessTokenSecret, developer.id, now);
      }
      return finishSignIn(deps, devices, { developer, device, plan, client, now });
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
