import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, OperatorsTable } from '../db/schema.js';

/** SQL of the operators and their sessions. */
type Db = Kysely<Database> | Transaction<Database>;

export async function insertOperator(db: Db, row: Insertable<OperatorsTable>): Promise<void> {
  await db.insertInto('operators').values(row).execute();
}

export function findOperatorByEmail(db: Db, email: string) {
  return db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findOperatorByEnrollment(db: Db, tokenHash: string) {
  return db
    .selectFrom('operators')
    .selectAll()
    .where('enrollmentTokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export function listOperators(db: Db) {
  return db
    .selectFrom('operators')
    .select(['id', 'email', 'role', 'enrolledAt', 'disabledAt', 'createdAt'])
    .orderBy('email')
    .execute();
}

/**
 * A new enrollment: password and second factor start again, the old sessions end; a
 * disabled operator stays disabled. Answers the operator's e-mail and whether disabled,
 * undefined when there is no such operator. A write first: SQLite
 * takes its write lock (waiting out busy_timeout) before any read of the transaction.
 */
export async function restartEnrollment(
  trx: Transaction<Database>,
  id: string,
  enrollment: { tokenHash: string; expiresAt: number; sealedTotpSecret: string },
): Promise<{ email: string; disabledAt: number | null } | undefined> {
  const row = await trx
    .updateTable('operators')
    .set({
      passwordHash: null,
      sealedTotpSecret: enrollment.sealedTotpSecret,
      enrollmentTokenHash: enrollment.tokenHash,
      enrollmentExpiresAt: enrollment.expiresAt,
      enrolledAt: null,
      failedSignIns: 0,
      lockedUntil: null,
      lastFailedSignInAt: null,
      lastTotpStep: null,
    })
    .where('id', '=', id)
    .returning(['email', 'disabledAt'])
    .executeTakeFirst();
  await deleteOperatorSessions(trx, id);
  return row;
}

/** Enrollment done: the link is spent (only while it was unspent; answers whether it was). */
export async function completeEnrollment(
  trx: Transaction<Database>,
  id: string,
  tokenHash: string,
  done: { passwordHash: string; totpStep: number; now: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('operators')
    .set({
      passwordHash: done.passwordHash,
      enrollmentTokenHash: null,
      enrollmentExpiresAt: null,
      enrolledAt: done.now,
      lastTotpStep: done.totpStep,
    })
    .where('id', '=', id)
    .where('enrollmentTokenHash', '=', tokenHash)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Disables the operator and ends the sessions; the e-mail, undefined when none (a write first). */
export async function disableOperator(
  trx: Transaction<Database>,
  id: string,
  now: number,
): Promise<string | undefined> {
  const row = await trx
    .updateTable('operators')
    .set({ disabledAt: now })
    .where('id', '=', id)
    .returning('email')
    .executeTakeFirst();
  await deleteOperatorSessions(trx, id);
  return row?.email;
}

/**
 * Uses a TOTP step: only when it is later than the last one used, so two requests carrying
 * one code cannot both pass. Answers whether it took it.
 */
export async function takeTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ lastTotpStep: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lastTotpStep', 'is', null), eb('lastTotpStep', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertOperatorSession(
  db: Db,
  row: { tokenHash: string; operatorId: string; ip: string; now: number },
): Promise<void> {
  await db
    .insertInto('operatorSessions')
    .values({
      tokenHash: row.tokenHash,
      operatorId: row.operatorId,
      ip: row.ip,
      createdAt: row.now,
      lastUsedAt: row.now,
    })
    .execute();
}

/** The session of a cookie, with its operator, while both are live. */
export function findLiveSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('operatorSessions')
    .innerJoin('operators', 'operators.id', 'operatorSessions.operatorId')
    .select([
      'operatorSessions.tokenHash',
      'operatorSessions.createdAt',
      'operatorSessions.lastUsedAt',
      'operators.id',
      'operators.email',
      'operators.role',
    ])
    .where('operatorSessions.tokenHash', '=', tokenHash)
    .where('operators.disabledAt', 'is', null)
    .where('operators.enrolledAt', 'is not', null)
    .executeTakeFirst();
}

export async function touchOperatorSession(db: Db, tokenHash: string, now: number) {
  await db
    .updateTable('operatorSessions')
    .set({ lastUsedAt: now })
    .where('tokenHash', '=', tokenHash)
    .execute();
}

export async function deleteOperatorSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('operatorSessions').where('tokenHash', '=', tokenHash).execute();
}

export async function deleteOperatorSessions(db: Db, operatorId: string): Promise<void> {
  await db.deleteFrom('operatorSessions').where('operatorId', '=', operatorId).execute();
}

/** The hourly purge: sessions past their idle or their whole lifetime. */
export async function purgeOperatorSessions(
  db: Db,
  idleBefore: number,
  createdBefore: number,
): Promise<number> {
  const result = await db
    .deleteFrom('operatorSessions')
    .where((eb) => eb.or([eb('lastUsedAt', '<', idleBefore), eb('createdAt', '<', createdBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
