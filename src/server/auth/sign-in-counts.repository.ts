import { sql, type Insertable, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { SignInLimits } from '../../contract/limits.js';
import { preparedQuery, type PreparedParam } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';
import { lockoutMs, lockSteps } from './lockout.js';

/**
 * SQL of the failed sign-in counts, developers' and operators' alike (decision 047): each
 * kept by key in a table of its own, the developer's account-wide one on its row.
 */
type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

/** A count taken: how many failures it holds now and the lock it set, if any. */
export interface TakenTry {
  readonly failedSignIns: number;
  readonly lockedUntil: number | null;
}

/** The tables of counts kept by key (the same four columns; developers' name the owner). */
export type CountTable = 'signInThrottles' | 'operatorSignInThrottles';

/** The columns a counted try writes; the rest of a keyed count's row names it. */
type CountColumn = 'failedSignIns' | 'lockedUntil' | 'lastFailedSignInAt';
export type CountRow<T extends CountTable> = Omit<Insertable<Database[T]>, CountColumn>;

const bigint = (value: number) => sql<number>`cast(${value} as bigint)`;

/**
 * `now` moved by a fixed length. The length is written into the SQL and `now` stays one
 * parameter, so a statement built on these is the same text at every call and is prepared
 * once (src/server/db/prepared-query.ts).
 */
const after = (now: number, ms: number) => sql<number>`(${bigint(now)} + ${sql.lit(ms)})`;
const before = (now: number, ms: number) => sql<number>`(${bigint(now)} - ${sql.lit(ms)})`;

/**
 * The count after this try, on the row's old values: it starts again at 1 when the last
 * failure is older than the quiet period (every counting table names these columns alike).
 */
function nextCount(table: CountTable | 'developers', now: number): RawBuilder<number> {
  const last = sql.ref(`${table}.lastFailedSignInAt`);
  const failures = sql.ref(`${table}.failedSignIns`);
  const quietSince = before(now, SignInLimits.quietPeriodMs);
  return sql<number>`(case when ${last} is null or ${last} <= ${quietSince} then 1 else ${failures} + 1 end)`;
}

/** The lock that count leads to, computed in the same statement (null below the first). */
function lockFor(count: RawBuilder<number>, freeFailures: number, now: number) {
  const steps = lockSteps(freeFailures).reverse();
  const whens = steps.map(
    (step) => sql`when ${count} >= ${sql.lit(step.failures)} then ${after(now, step.lockMs)}`,
  );
  return sql<number | null>`(case ${sql.join(whens, sql` `)} else null end)`;
}

function counted(table: CountTable | 'developers', freeFailures: number, now: number) {
  const count = nextCount(table, now);
  return {
    failedSignIns: count,
    lockedUntil: lockFor(count, freeFailures, now),
    lastFailedSignInAt: bigint(now),
  };
}

/** Builds each prepared statement once per shape: the arguments that change its SQL text. */
function memoized<A extends readonly unknown[], Q>(
  shapeOf: (...args: A) => string,
  build: (...args: A) => Q,
): (...args: A) => Q {
  const made = new Map<string, Q>();
  return (...args) => {
    const shape = shapeOf(...args);
    let query = made.get(shape);
    if (query === undefined) {
      query = build(...args);
      made.set(shape, query);
    }
    return query;
  };
}

const accountTry = memoized(String, (freeFailures: number) =>
  preparedQuery(2, (db, developerId: string, now: number) =>
    db
      .updateTable('developers')
      .set(counted('developers', freeFailures, now))
      .where('id', '=', developerId)
      .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
      .returning(['failedSignIns', 'lockedUntil']),
  ),
);

/**
 * Takes one try of the developer's account-wide count, atomically and before the password
 * is checked: the statement succeeds only while the account is not locked, so of any
 * number of parallel tries at most the free ones get through. Undefined when locked.
 */
export async function takeAccountTry(
  trx: Trx,
  developerId: string,
  freeFailures: number,
  now: number,
): Promise<TakenTry | undefined> {
  const [taken] = await accountTry(freeFailures)(trx, developerId, now);
  return taken;
}

/** The statement of `takeKeyedTry` for one table, row columns and free failures. */
const keyedTry = memoized(
  (table: CountTable, columns: readonly string[], freeFailures: number) =>
    `${table} ${columns.join(',')} ${String(freeFailures)}`,
  (table, columns, freeFailures) => {
    const firstLockMs = lockoutMs(1, freeFailures);
    return preparedQuery(columns.length + 1, (db, now: number, ...values: PreparedParam[]) => {
      const row = Object.fromEntries(columns.map((column, index) => [column, values[index]]));
      const lockedUntil = sql.ref<number | null>(`${table}.lockedUntil`);
      return db
        .insertInto(table)
        .values({
          ...(row as CountRow<CountTable>),
          failedSignIns: 1,
          lockedUntil: firstLockMs > 0 ? after(now, firstLockMs) : null,
          lastFailedSignInAt: now,
        })
        .onConflict((conflict) =>
          conflict
            .column('key')
            .doUpdateSet(counted(table, freeFailures, now))
            .where((eb) => eb.or([eb(lockedUntil, 'is', null), eb(lockedUntil, '<=', now)])),
        )
        .returning(['failedSignIns', 'lockedUntil']);
    });
  },
);

/** The same for the count of `row.key` in `table` (one client address, or one trusted device). */
export function takeKeyedTry<T extends CountTable>(
  trx: Trx,
  table: T,
  row: CountRow<T>,
  freeFailures: number,
  now: number,
): Promise<TakenTry | undefined>;
export async function takeKeyedTry(
  trx: Trx,
  table: CountTable,
  row: CountRow<CountTable>,
  freeFailures: number,
  now: number,
): Promise<TakenTry | undefined> {
  const query = keyedTry(table, Object.keys(row), freeFailures);
  const [taken] = await query(trx, now, ...Object.values(row));
  return taken;
}

/** The latest lock among the counts of `keys` in `table`. */
export async function latestKeyedLock(
  db: Db,
  table: CountTable,
  keys: readonly string[],
): Promise<number | null> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('lockedUntil').as('lockedUntil'))
    .where('key', 'in', keys)
    .executeTakeFirst();
  return row?.lockedUntil ?? null;
}

/** The latest lock among the developer's account-wide count (when asked) and the keyed ones. */
export async function latestLock(
  db: Db,
  developerId: string,
  keys: readonly string[],
  includeAccount: boolean,
): Promise<number | null> {
  const keyed = await latestKeyedLock(db, 'signInThrottles', keys);
  const account = includeAccount
    ? await db
        .selectFrom('developers')
        .select('lockedUntil')
        .where('id', '=', developerId)
        .executeTakeFirst()
    : undefined;
  const locks = [keyed, account?.lockedUntil ?? null].flatMap((lock) =>
    lock === null ? [] : [lock],
  );
  return locks.length === 0 ? null : Math.max(...locks);
}

/** A right sign-in: the counts of `keys` start again. */
export async function clearKeyedTries(
  db: Db,
  table: CountTable,
  keys: readonly string[],
): Promise<void> {
  await db.deleteFrom(table).where('key', 'in', keys).execute();
}

/** The statement of `clearSignInFailures` for so many keys. */
const clearKeyed = memoized(String, (keyCount: number) =>
  preparedQuery(keyCount + 2, (db, developerId: string, now: number, ...keys: string[]) =>
    db
      .deleteFrom('signInThrottles')
      .where('developerId', '=', developerId)
      .where((eb) =>
        eb.or([
          eb('key', 'in', keys),
          eb.and([
            eb('lastFailedSignInAt', '<=', before(now, SignInLimits.quietPeriodMs)),
            eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]),
          ]),
        ]),
      ),
  ),
);

/**
 * A right developer's password: the counts it used start again, and the developer's keyed
 * counts that have gone quiet are removed (they would start again anyway).
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
  await clearKeyed(keys.length)(trx, developerId, now, ...keys);
}

/**
 * A new password: every count of one subject starts again. Keys name the subject second
 * (`account S`, `address S …`, `device S …`): a developer's id, an operator's e-mail key.
 */
export async function deleteCountsOf(db: Db, table: CountTable, subject: string): Promise<void> {
  await db
    .deleteFrom(table)
    .where((eb) =>
      eb.or([
        eb('key', '=', `account ${subject}`),
        eb('key', 'like', `address ${subject} %`),
        eb('key', 'like', `device ${subject} %`),
      ]),
    )
    .execute();
}
