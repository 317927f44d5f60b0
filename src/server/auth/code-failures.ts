import { CodeFailureLimits } from '../../contract/limits.js';
import { Messages } from '../../contract/messages.js';
import { recordActivity, type ActivityOrigin } from '../activity/activity.repository.js';
import type { CodePurpose } from '../db/schema.js';
import { MailJob } from '../mail/mail-job.js';
import { codeLockMail } from '../mail/code-lock-mail.js';
import type { DeveloperRecord } from './auth.repository.js';
import type { AuthDeps } from './auth.service.js';
import { countCodeFailure, findCodeFailures } from './code-failures.repository.js';
import { createDeviceCookies } from './device-cookie.js';
import { checkCode } from './one-time-codes.js';
import { RetryLaterError, secondsUntil } from './rate-limits.js';

/** The browser that sends a code: its device cookie, as sent, and its origin for the log. */
export interface CodeClient {
  readonly deviceCookie: string | undefined;
  readonly origin: ActivityOrigin;
}

/**
 * Wrong codes counted per developer and purpose across resends, for a day from the first
 * (docs/decisions/057-wrong-codes-across-resends.md). Past the limit, checks and new codes
 * are refused to every browser but one the account signed in from (the device cookie of
 * sign-in), so a guesser cannot block the owner; the wrong code that reaches the limit
 * mails the owner and, for an account with an activity log, records it there.
 */
export function createCodeGuard(deps: AuthDeps) {
  const devices = createDeviceCookies(deps.secrets.accessTokenSecret);
  const limit = deps.config.codeFailuresPerDay;
  const { windowMs } = CodeFailureLimits;

  /** The wait until codes work again for an untrusted browser, or undefined when they work now. */
  async function lockedFor(
    developerId: string,
    purpose: CodePurpose,
    isTrusted: boolean,
    now: number,
  ): Promise<number | undefined> {
    if (isTrusted) return undefined;
    const count = await findCodeFailures(deps.db, developerId, purpose, now - windowMs);
    if (count === undefined || count.failures < limit) return undefined;
    return count.windowStartedAt + windowMs - now;
  }

  async function countWrong(
    developer: DeveloperRecord,
    purpose: CodePurpose,
    now: number,
    origin: ActivityOrigin,
  ): Promise<void> {
    const failures = await countCodeFailure(deps.db, developer.id, purpose, now, now - windowMs);
    if (failures !== limit) return;
    await deps.db.transaction().execute(async (trx) => {
      await deps.jobs.enqueue(
        trx,
        MailJob,
        codeLockMail({
          to: developer.email,
          name: developer.name,
          productName: deps.config.brand.productName,
          publicUrl: deps.config.publicUrl,
          purpose,
        }),
      );
      if (developer.verifiedAt !== null) {
        await recordActivity(trx, {
          developerId: developer.id,
          kind: 'codes.locked',
          at: now,
          origin,
          details: { purpose },
        });
      }
    });
    deps.jobs.nudge();
  }

  return {
    /** Throws the 429 with the wait when the purpose's codes are refused to this browser. */
    async assertOpen(
      developerId: string,
      purpose: CodePurpose,
      deviceCookie: string | undefined,
      now: number,
    ): Promise<void> {
      const isTrusted = devices.deviceOf(deviceCookie, developerId) !== undefined;
      const waitMs = await lockedFor(developerId, purpose, isTrusted, now);
      if (waitMs === undefined) return;
      const seconds = secondsUntil(waitMs);
      throw new RetryLaterError(
        Messages.auth.codeFailuresLocked(seconds),
        seconds,
        'code_failures_locked',
      );
    },

    /** The same for a request whose device cookie was read before: `trustedFor` its owner. */
    async isOpen(
      developerId: string,
      purpose: CodePurpose,
      trustedFor: string | undefined,
      now: number,
    ): Promise<boolean> {
      return (await lockedFor(developerId, purpose, trustedFor === developerId, now)) === undefined;
    },

    /** `checkCode` behind the lock, counting a wrong code; answers the code's id. */
    async check(
      developer: DeveloperRecord,
      purpose: CodePurpose,
      code: string,
      client: CodeClient,
      now: number,
    ): Promise<string> {
      await this.assertOpen(developer.id, purpose, client.deviceCookie, now);
      const secret = deps.secrets.codeHashSecret;
      return checkCode(deps.db, secret, now, developer.id, purpose, code, () =>
        countWrong(developer, purpose, now, client.origin),
      );
    },
  };
}

export type CodeGuard = ReturnType<typeof createCodeGuard>;
