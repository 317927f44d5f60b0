import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { SignInLimits } from '../../contract/limits.js';
import type { Database } from '../db/schema.js';
import { lockoutMs, lockSteps } from './lockout.js';

/** SQL of the failed sign-in counts: the account's on its row, the others by key. */
type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** A count taken: how many failures it holds now and the lock it set, if any. */
export interface TakenTry {
  readonly failedSignIns: number;
  readonly lockedUntil: number | null;
}

/** The tables whose rows hold a failed sign-in count (the same three columns). */
type CountedTable = 'developers' | 'signInThrottles' | 'operators';

const bigint = (value: number) => sql<number>`cast(${value} as bigint)`;

/**
 * The count after this try, on the row's old values: it starts again at 1 when the last
 * failure is older than the quiet period (both tables name these columns alike).
 */
function nextCount(table: CountedTable, now: number): RawBuilder<number> {
  const last = sql.ref(`${table}.lastFailedSignInAt`);
  const failures = sql.ref(`${table}.failedSignIns`);
  const quietSince = bigint(now - SignInLimits.quietPeriodMs);
  return sql<number>`(case when ${last} is null or ${last} <= ${quietSince} then 1 else ${failures} + 1 end)`;
}

/** The lock that count leads to, computed in the same statement (null below the first). */
function lockFor(count: RawBuilder<number>, freeFailures: number, now: number) {
  const steps = lockSteps(freeFailures).reverse();
  const whens = steps.map(
    (step) => sql`when ${count} >= ${step.failures} then ${bigint(now + step.lockMs)}`,
  );
  return sql<number | null>`(case ${sql.join(whens, sql` `)} else null end)`;
}

/** The columns a counted try writes (operators' rows count alike). */
export function counted(table: CountedTable, freeFailures: number, now: number) {
  const count = nextCount(table, now);
  return {
    failedSignIns: count,
    lockedUntil: lockFor(count, freeFailures, now),
    lastFailedSignInAt: bigint(now),
  };
}

/**
 * Takes one try of the developer's account-wide count, atomically and before the password
 * is checked: the statement succeeds only while the account is not locked, so of any
 * number of parallel tries at most the free ones get through. Undefined when locked.
 */
export function takeAccountTry(
  trx: Trx,
  developerId: string,
  freeFailures: number,
  now: number,
): Promise<TakenTry | undefined> {
  return trx
    .updateTable('developers')
    .set(counted('developers', freeFailures, now))
    .where('id', '=', developerId)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .returning(['failedSignIns', 'lockedUntil'])
    .executeTakeFirst();
}

/** The same for the count kept under `key` (one client address, or one trusted device). */
export function takeKeyedTry(
  trx: Trx,
  key: string,
  developerId: string,
  freeFailures: number,
  now: number,
): Promise<TakenTry | undefined> {
  const firstLockMs = lockoutMs(1, freeFailures);
  return trx
    .insertInto('signInThrottles')
    .values({
      key,
      developerId,
      failedSignIns: 1,
      lockedUntil: firstLockMs > 0 ? now + firstLockMs : null,
      lastFailedSignInAt: now,
    })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet(counted('signInThrottles', freeFailures, now))
        .where((eb) =>
          eb.or([
            eb('signInThrottles.lockedUntil', 'is', null),
            eb('signInThrottles.lockedUntil', '<=', now),
          ]),
        ),
    )
    .returning(['failedSignIns', 'lockedUntil'])
    .executeTakeFirst();
}

/** The latest lock among the account's own count (when asked) and the keyed ones. */
export async function latestLock(
  db: Db,
  developerId: string,
  keys: readonly string[],
  includeAccount: boolean,
): Promise<number | null> {
  const keyed = await db
    .selectFrom('signInThrottles')
    .select('lockedUntil')
    .where('key', 'in', keys)
    .execute();
  const account = includeAccount
    ? await db
        .selectFrom('developers')
        .select('lockedUntil')
        .where('id', '=', developerId)
        .execute()
    : [];
  const locks = [...keyed, ...account].flatMap((row) =>
    row.lockedUntil === null ? [] : [row.lockedUntil],
  );
  return locks.length === 0 ? null : Math.max(...locks);
}

/**
 * A right password: the counts it used start again, and the developer's keyed counts that
 * have gone quiet are removed (they would start again anyway).
 */
export async function clearSignInFailures(
  trx: Trx,
  developerId: string,
  keys: readonly string[],
  includeAccount: boolean,
  now: number,
): Promise<void> {
  if (includeAccount) {
    await trx
      .updateTable('developers')
      .set({ failedSignIns: 0, lockedUntil: null, lastFailedSignInAt: null })
      .where('id', '=', developerId)
      .execute();
  }
  await trx
    .deleteFrom('signInThrottles')
    .where('developerId', '=', developerId)
    .where((eb) =>
      eb.or([
        eb('key', 'in', keys),
        eb.and([
          eb('lastFailedSignInAt', '<=', now - SignInLimits.quietPeriodMs),
          eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]),
        ]),
      ]),
    )
    .execute();
}

/** A new password: every count of the developer starts again. */
export async function deleteSignInThrottles(trx: Trx, developerId: string): Promise<void> {
  await trx.deleteFrom('signInThrottles').where('developerId', '=', developerId).execute();
}
