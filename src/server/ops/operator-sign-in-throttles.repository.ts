import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { counted } from '../auth/sign-in-throttles.repository.js';
import { lockoutMs } from '../auth/lockout.js';
import type { Database } from '../db/schema.js';

/** SQL of operators' failed sign-in counts: by the e-mail typed, known or not (decision 047). */
type Db = Kysely<Database> | Transaction<Database>;

/** The counts are kept by the e-mail typed, hashed (hex: no LIKE sign in a key). */
export const operatorEmailKey = (email: string) => createHash('sha256').update(email).digest('hex');

export interface OperatorCount {
  readonly key: string;
  readonly freeFailures: number;
}

/**
 * Takes one try of every count, atomically and before the password is checked: each
 * statement succeeds only while its count is not locked. Undefined when one is locked (the
 * transaction then counts nothing); else whether this try set a lock.
 */
export async function takeOperatorTries(
  db: Kysely<Database>,
  counts: readonly OperatorCount[],
  now: number,
): Promise<{ readonly hasLocked: boolean } | undefined> {
  class Locked extends Error {}
  try {
    return await db.transaction().execute(async (trx) => {
      let hasLocked = false;
      for (const { key, freeFailures } of counts) {
        const firstLockMs = lockoutMs(1, freeFailures);
        const taken = await trx
          .insertInto('operatorSignInThrottles')
          .values({
            key,
            failedSignIns: 1,
            lockedUntil: firstLockMs > 0 ? now + firstLockMs : null,
            lastFailedSignInAt: now,
          })
          .onConflict((conflict) =>
            conflict
              .column('key')
              .doUpdateSet(counted('operatorSignInThrottles', freeFailures, now))
              .where((eb) =>
                eb.or([
                  eb('operatorSignInThrottles.lockedUntil', 'is', null),
                  eb('operatorSignInThrottles.lockedUntil', '<=', now),
                ]),
              ),
          )
          .returning('lockedUntil')
          .executeTakeFirst();
        if (taken === undefined) throw new Locked();
        hasLocked ||= taken.lockedUntil !== null;
      }
      return { hasLocked };
    });
  } catch (error) {
    if (error instanceof Locked) return undefined;
    throw error;
  }
}

/** The latest lock among the counts of `keys`. */
export async function latestOperatorLock(db: Db, keys: readonly string[]): Promise<number | null> {
  const row = await db
    .selectFrom('operatorSignInThrottles')
    .select((eb) => eb.fn.max('lockedUntil').as('lockedUntil'))
    .where('key', 'in', keys)
    .executeTakeFirst();
  return row?.lockedUntil ?? null;
}

/** A right sign-in: the counts it used start again. */
export async function clearOperatorTries(db: Db, keys: readonly string[]): Promise<void> {
  await db.deleteFrom('operatorSignInThrottles').where('key', 'in', keys).execute();
}

/** A reset: every count of the e-mail starts again (the keys name it second, decision 047). */
export async function deleteOperatorTriesOf(db: Db, emailKey: string): Promise<void> {
  await db
    .deleteFrom('operatorSignInThrottles')
    .where((eb) =>
      eb.or([
        eb('key', '=', `account ${emailKey}`),
        eb('key', 'like', `address ${emailKey} %`),
        eb('key', 'like', `device ${emailKey} %`),
      ]),
    )
    .execute();
}
