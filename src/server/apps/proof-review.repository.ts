import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** SQL of the proof decisions, the command line's and the console's. */

/** IP records claimed with a family proof, joined to their application and its owner. */
function familyClaims(db: Kysely<Database>) {
  return db
    .selectFrom('ipRecords')
    .innerJoin('applications', 'applications.id', 'ipRecords.applicationId')
    .innerJoin('developers', 'developers.id', 'applications.ownerId')
    .where('ipRecords.familyPending', '=', 1);
}

/**
 * Claims not yet accepted, with or without a document: those with one by when it was sent
 * (the waiting-proof index serves it, migration 0017), then those waiting for a new one.
 */
export function pendingProofsQuery(db: Kysely<Database>) {
  return familyClaims(db)
    .select([
      'ipRecords.applicationId',
      'developers.email',
      'ipRecords.ip',
      'ipRecords.documentSentAt',
      'ipRecords.documentKey',
    ])
    .where('ipRecords.adminAccept', '=', 0)
    .orderBy('ipRecords.documentSentAt', (order) => order.asc().nullsLast())
    .orderBy('ipRecords.applicationId')
    .orderBy('ipRecords.ip');
}

export function listPendingProofRows(db: Kysely<Database>) {
  return pendingProofsQuery(db).execute();
}

/**
 * The decision's first statement is a write to its record: SQLite then takes its write lock
 * (waiting out busy_timeout) before any read, where a read-then-write transaction of the
 * CLI beside a running server fails at once with "database is locked"; PostgreSQL locks the
 * row, so two decisions on one record take turns.
 */
export async function lockProofRecord(
  trx: Transaction<Database>,
  applicationId: string,
  ip: string,
): Promise<void> {
  await trx
    .updateTable('ipRecords')
    .set((eb) => ({ familyPending: eb.ref('familyPending') }))
    .where('applicationId', '=', applicationId)
    .where('ip', '=', ip)
    .execute();
}

/** The claim's owner and application, as the decision's event, mail and audit name them. */
export function proofClaimOf(trx: Transaction<Database>, applicationId: string, ip: string) {
  return familyClaims(trx)
    .select([
      'ipRecords.documentKey',
      'ipRecords.adminAccept',
      'developers.id as developerId',
      'developers.email',
      'developers.name',
      'applications.name as appName',
    ])
    .where('ipRecords.applicationId', '=', applicationId)
    .where('ipRecords.ip', '=', ip)
    .executeTakeFirst();
}

/** An accepted proof: adminAccept set, familyPending kept as stored. */
export async function markProofAccepted(
  trx: Transaction<Database>,
  record: { applicationId: string; ip: string },
): Promise<void> {
  await trx
    .updateTable('ipRecords')
    .set({ adminAccept: 1 })
    .where('applicationId', '=', record.applicationId)
    .where('ip', '=', record.ip)
    .execute();
}

/**
 * A rejected proof: the IP stays on its application, waiting for a new document, and keeps
 * the operator's reason until one is sent (docs/decisions/025).
 */
export async function markProofRejected(
  trx: Transaction<Database>,
  record: { applicationId: string; ip: string; reason: string },
): Promise<void> {
  await trx
    .updateTable('ipRecords')
    .set({
      documentKey: null,
      documentSentAt: null,
      adminAccept: 0,
      rejectionReason: record.reason,
    })
    .where('applicationId', '=', record.applicationId)
    .where('ip', '=', record.ip)
    .execute();
}
