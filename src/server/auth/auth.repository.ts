import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';

/** SQL of the developer accounts. `Kysely` accepts a Transaction as well. */
type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface DeveloperRecord {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly mobile: string;
  readonly state: string;
  readonly passwordHash: string | null;
  readonly verifiedAt: number | null;
  readonly clientCode: string | null;
  readonly tokensValidAfter: number;
  /** When a second factor was first enrolled; null while none is. */
  readonly secondFactorAt: number | null;
}

export interface NewDeveloper {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly mobile: string;
  readonly state: string;
  readonly passwordHash: string | null;
  readonly verifiedAt: number | null;
  readonly clientCode: string | null;
  readonly createdAt: number;
}

const DEVELOPER_COLUMNS = [
  'id',
  'email',
  'name',
  'mobile',
  'state',
  'passwordHash',
  'verifiedAt',
  'clientCode',
  'tokensValidAfter',
  'secondFactorAt',
] as const;

const developers = (db: Db) => db.selectFrom('developers').select(DEVELOPER_COLUMNS);

export function normalizeEmail(email: string): string {
  return email.toLowerCase();
}

/** A unique index refused the row (SQLite and PostgreSQL spell it differently). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

export interface BearerState {
  /** Access tokens issued before this instant (ms) are refused. */
  readonly tokensValidAfter: number;
  /** Raised on every change to the developer's applications (migration 0006). */
  readonly appsVersion: number;
  /** Null while the developer has no second factor (DEVELOPER_2FA=required refuses the call). */
  readonly secondFactorAt: number | null;
}

/** The hot lookups, prepared once (src/server/db/query-plans.api.test.ts reads their plans). */
export const developerQueries = {
  byEmail: preparedQuery(1, (db, emailNormalized: string) =>
    developers(db).where('emailNormalized', '=', emailNormalized),
  ),
  byId: preparedQuery(1, (db, id: string) => developers(db).where('id', '=', id)),
  /** Every bearer call asks this one: three columns, no more. */
  bearerState: preparedQuery(1, (db, id: string) =>
    db
      .selectFrom('developers')
      .select(['tokensValidAfter', 'appsVersion', 'secondFactorAt'])
      .where('id', '=', id),
  ),
};

export async function findDeveloperByEmail(db: Db, email: string) {
  const [row] = await developerQueries.byEmail(db, normalizeEmail(email));
  return row;
}

export async function findDeveloperById(db: Db, id: string) {
  const [row] = await developerQueries.byId(db, id);
  return row;
}

/** What a bearer call needs of its developer, undefined when the developer is gone. */
export async function findBearerState(db: Db, id: string): Promise<BearerState | undefined> {
  const [row] = await developerQueries.bearerState(db, id);
  return row;
}

export function findDeveloperByClientCode(db: Db, clientCode: string) {
  return developers(db).where('clientCode', '=', clientCode).executeTakeFirst();
}

export async function insertDeveloper(db: Db, developer: NewDeveloper): Promise<void> {
  await db
    .insertInto('developers')
    .values({
      ...developer,
      emailNormalized: normalizeEmail(developer.email),
      lockedUntil: null,
      updatedAt: developer.createdAt,
    })
    .execute();
}

/**
 * Takes the developer's row lock until the transaction ends (PostgreSQL), so two requests
 * for the same developer's codes run one after the other. SQLite transactions already do.
 */
export async function lockDeveloper(trx: Trx, id: string): Promise<void> {
  await trx
    .updateTable('developers')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('id', '=', id)
    .execute();
}

export async function markVerified(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('developers')
    .set((eb) => ({ verifiedAt: eb.fn.coalesce('verifiedAt', eb.val(now)), updatedAt: now }))
    .where('id', '=', id)
    .execute();
}

export async function linkClientCode(trx: Trx, id: string, clientCode: string, now: number) {
  await trx
    .updateTable('developers')
    .set((eb) => ({
      clientCode,
      verifiedAt: eb.fn.coalesce('verifiedAt', eb.val(now)),
      updatedAt: now,
    }))
    .where('id', '=', id)
    .execute();
}

/** New password: earlier access tokens stop working, the mailbox counts as proven. */
export async function setPassword(trx: Trx, id: string, passwordHash: string, now: number) {
  await trx
    .updateTable('developers')
    .set((eb) => ({
      passwordHash,
      tokensValidAfter: now,
      verifiedAt: eb.fn.coalesce('verifiedAt', eb.val(now)),
      failedSignIns: 0,
      lockedUntil: null,
      lastFailedSignInAt: null,
      updatedAt: now,
    }))
    .where('id', '=', id)
    .execute();
}

/**
 * The owner proved the e-mail of an account nobody had verified: whatever someone else set
 * on it goes (the password; sessions in sessions.repository.ts), earlier access tokens too.
 */
export async function dropPassword(trx: Trx, id: string, now: number) {
  await trx
    .updateTable('developers')
    .set({ passwordHash: null, tokensValidAfter: now, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Whether a mailed code may verify or reset the account: not when a hand-off made it from an
 * e-mail its provider did not vouch for, whose client code belongs to whoever signed in.
 */
export function isClaimableByMail(developer: DeveloperRecord): boolean {
  return developer.verifiedAt !== null || developer.clientCode === null;
}
