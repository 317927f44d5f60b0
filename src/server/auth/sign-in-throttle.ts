import type { Kysely } from 'kysely';
import { SignInLimits } from '../../contract/limits.js';
import { Messages } from '../../contract/messages.js';
import type { Database } from '../db/schema.js';
import { withoutDiskSync } from '../db/without-disk-sync.js';
import { RetryLaterError, secondsUntil } from './rate-limits.js';
import {
  latestLock,
  takeAccountTry,
  takeKeyedTry,
  type TakenTry,
} from './sign-in-counts.repository.js';

/**
 * The counts one password check takes: a trusted device only its own; any other client
 * the account's (shared by all untrusted clients) and that of its address on the account.
 */
export interface ThrottlePlan {
  readonly developerId: string;
  readonly keyed: readonly { readonly key: string; readonly freeFailures: number }[];
  readonly includeAccount: boolean;
}

export function throttlePlan(
  developerId: string,
  device: string | undefined,
  clientKey: string,
): ThrottlePlan {
  if (device !== undefined) {
    const key = `device ${developerId} ${device}`;
    return {
      developerId,
      keyed: [{ key, freeFailures: SignInLimits.deviceFreeFailures }],
      includeAccount: false,
    };
  }
  const key = `address ${developerId} ${clientKey}`;
  return {
    developerId,
    keyed: [{ key, freeFailures: SignInLimits.accountAndIpFreeFailures }],
    includeAccount: true,
  };
}

export const planKeys = (plan: ThrottlePlan) => plan.keyed.map((entry) => entry.key);

/** A count was locked: thrown to roll back the tries the transaction took before it. */
export class Locked extends Error {}

/**
 * Takes every count of the plan in one transaction, before the password is hashed, so a
 * burst of parallel guesses gets no more checks than the counts allow. Answers whether
 * this try set a lock; throws the 429 with the wait when a count is locked already. The few
 * counts a power cut could lose cost a few more tries at most, so the commit does not wait
 * for the disk.
 */
export async function takeSignInTry(
  db: Kysely<Database>,
  plan: ThrottlePlan,
  now: number,
): Promise<{ readonly hasLocked: boolean }> {
  let taken: TakenTry[];
  try {
    taken = await withoutDiskSync(db, (connection) =>
      connection.transaction().execute(async (trx) => {
        const tries: TakenTry[] = [];
        for (const { key, freeFailures } of plan.keyed) {
          const row = { key, developerId: plan.developerId };
          tries.push(await orLocked(takeKeyedTry(trx, 'signInThrottles', row, freeFailures, now)));
        }
        if (plan.includeAccount) {
          const free = SignInLimits.accountFreeFailures;
          tries.push(await orLocked(takeAccountTry(trx, plan.developerId, free, now)));
        }
        return tries;
      }),
    );
  } catch (error) {
    if (!(error instanceof Locked)) throw error;
    const until = await latestLock(db, plan.developerId, planKeys(plan), plan.includeAccount);
    const seconds = secondsUntil((until ?? now) - now);
    throw new RetryLaterError(Messages.auth.accountLocked(seconds), seconds, 'account_locked');
  }
  return { hasLocked: taken.some((t) => t.lockedUntil !== null) };
}

export async function orLocked(attempt: Promise<TakenTry | undefined>): Promise<TakenTry> {
  const taken = await attempt;
  if (taken === undefined) throw new Locked();
  return taken;
}
