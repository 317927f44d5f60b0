import type { Kysely } from 'kysely';
import type {
  PasswordChangeRequest,
  Profile,
  ProfileUpdateRequest,
} from '../../contract/account.js';
import { Messages } from '../../contract/messages.js';
import { recordActivity, type ActivityOrigin } from '../activity/activity.repository.js';
import { findDeveloperById, setPassword } from '../auth/auth.repository.js';
import { hashPassword } from '../auth/passwords.js';
import { findRefreshToken } from '../auth/sessions.repository.js';
import { hashRefreshToken, signAccessToken, TokenRules } from '../auth/tokens.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { JobQueue } from '../jobs/job-definition.js';
import { countPasswordTry, isPasswordOf, PASSWORD_TRY_COUNTER } from '../keys/confirm-password.js';
import { MailJob } from '../mail/mail-job.js';
import { passwordChangedMail } from '../mail/password-changed-mail.js';
import type { SessionEnds } from '../auth/session-ends.js';
import { isFamilyLive, revokeOtherFamilies, updateProfile } from './account.repository.js';

/** What the account screen's service needs; no Fastify. */
export interface AccountDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly jobs: JobQueue;
  readonly sessionEnds: Pick<SessionEnds, 'announce'>;
  readonly accessTokenSecret: string;
  readonly productName: string;
  readonly publicUrl: string;
}

/** A fresh access token for the session that changed the password; its refresh token stays. */
export interface RenewedAccess {
  readonly accessToken: string;
  /** Seconds the access token lives. */
  readonly expiresIn: number;
}

/** The signed-in developer's profile and password (the account screen). */
export function createAccountService(deps: AccountDeps) {
  const { db, clock } = deps;
  const unauthorized = () => new AppError('unauthorized', Messages.session.unauthorized);
  const sessionExpired = () => new AppError('unauthorized', Messages.auth.sessionExpired);

  async function developerOf(id: string) {
    const developer = await findDeveloperById(db, id);
    if (developer === undefined) throw unauthorized();
    return developer;
  }

  const profileOf = (d: Profile): Profile => ({
    email: d.email,
    name: d.name,
    mobile: d.mobile,
    state: d.state,
  });

  return {
    async profile(developerId: string): Promise<Profile> {
      return profileOf(await developerOf(developerId));
    },

    async updateProfile(developerId: string, input: ProfileUpdateRequest): Promise<Profile> {
      await developerOf(developerId);
      await updateProfile(db, developerId, input, clock.now());
      return profileOf(await developerOf(developerId));
    },

    /**
     * Checks the current password, sets the new one and ends every other session in one
     * transaction with the security mail; the session of `refresh_token` stays signed in
     * with a new access token (earlier access tokens are refused from now on).
     */
    async changePassword(
      developerId: string,
      input: PasswordChangeRequest,
      origin: ActivityOrigin,
    ): Promise<RenewedAccess> {
      const developer = await developerOf(developerId);
      const session = await findRefreshToken(db, hashRefreshToken(input.refresh_token));
      if (session?.developerId !== developerId) throw sessionExpired();
      await countPasswordTry(db, developerId, PASSWORD_TRY_COUNTER, clock.now());
      if (!(await isPasswordOf(developer, input.currentPassword))) {
        await recordActivity(db, {
          developerId,
          kind: 'password.change_failed',
          at: clock.now(),
          origin,
        });
        throw new AppError('bad_request', Messages.account.currentPasswordWrong, {
          field: 'currentPassword',
        });
      }
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock.now();
      const isChanged = await db.transaction().execute(async (trx) => {
        // A token rotated since the form was sent still names its session: the family.
        if (!(await isFamilyLive(trx, developerId, session.familyId, now))) return false;
        await setPassword(trx, developerId, passwordHash, now);
        await deps.sessionEnds.announce(
          trx,
          await revokeOtherFamilies(trx, developerId, session.familyId, now),
        );
        await recordActivity(trx, { developerId, kind: 'password.changed', at: now, origin });
        await deps.jobs.enqueue(
          trx,
          MailJob,
          passwordChangedMail({
            to: developer.email,
            name: developer.name,
            productName: deps.productName,
            publicUrl: deps.publicUrl,
          }),
        );
        return true;
      });
      if (!isChanged) throw sessionExpired();
      deps.jobs.nudge();
      return {
        accessToken: signAccessToken(deps.accessTokenSecret, {
          developerId,
          clientCode: developer.clientCode,
          issuedAtMs: now,
          // A session is its refresh-token family (decision 021).
          sessionId: session.familyId,
        }),
        expiresIn: TokenRules.accessTtlSeconds,
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
