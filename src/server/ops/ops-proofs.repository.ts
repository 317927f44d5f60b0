import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** SQL of the console's proof queue. */
type Db = Kysely<Database>;

/**
 * Proofs waiting for a decision: claimed, with a document, not decided; the document sent
 * longest ago first (the waiting-proof index serves it, migration 0017).
 */
export function waitingProofsQuery(db: Db) {
  return db
    .selectFrom('ipRecords')
    .innerJoin('applications', 'applications.id', 'ipRecords.applicationId')
    .innerJoin('developers', 'developers.id', 'applications.ownerId')
    .select([
      'ipRecords.applicationId',
      'ipRecords.ip',
      'ipRecords.documentSentAt',
      'ipRecords.documentKey',
      'applications.name as applicationName',
      'developers.id as developerId',
      'developers.email as developerEmail',
      'developers.name as developerName',
    ])
    .where('ipRecords.familyPending', '=', 1)
    .where('ipRecords.adminAccept', '=', 0)
    .where('ipRecords.documentSentAt', 'is not', null)
    .where('ipRecords.documentKey', 'is not', null)
    .$narrowType<{ documentSentAt: number }>()
    .orderBy('ipRecords.documentSentAt')
    .orderBy('ipRecords.applicationId')
    .orderBy('ipRecords.ip');
}

export function listWaitingProofs(db: Db) {
  return waitingProofsQuery(db).execute();
}

/** The other applications listing each of `ips`, with their owners. */
export function listIpSharers(db: Db, ips: readonly string[]) {
  if (ips.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ipRecords')
    .innerJoin('applications', 'applications.id', 'ipRecords.applicationId')
    .innerJoin('developers', 'developers.id', 'applications.ownerId')
    .select([
      'ipRecords.ip',
      'applications.id as applicationId',
      'applications.name as applicationName',
      'developers.id as developerId',
      'developers.email as developerEmail',
    ])
    .where('ipRecords.ip', 'in', ips)
    .orderBy('applications.name')
    .execute();
}

/** The document of a proof still waiting for a decision. */
export async function waitingDocumentKey(
  db: Db,
  applicationId: string,
  ip: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('ipRecords')
    .select('documentKey')
    .where('applicationId', '=', applicationId)
    .where('ip', '=', ip)
    .where('familyPending', '=', 1)
    .where('adminAccept', '=', 0)
    .executeTakeFirst();
  return row?.documentKey ?? null;
}

/** A waiting proof's document, and whose it is, as the audit of a view names them. */
export function waitingDocumentOf(db: Db, applicationId: string, ip: string) {
  return db
    .selectFrom('ipRecords')
    .innerJoin('applications', 'applications.id', 'ipRecords.applicationId')
    .select([
      'ipRecords.documentKey',
      'applications.ownerId as developerId',
      'applications.name as applicationName',
    ])
    .where('ipRecords.applicationId', '=', applicationId)
    .where('ipRecords.ip', '=', ip)
    .where('ipRecords.familyPending', '=', 1)
    .where('ipRecords.adminAccept', '=', 0)
    .where('ipRecords.documentKey', 'is not', null)
    .$narrowType<{ documentKey: string }>()
    .executeTakeFirst();
}
