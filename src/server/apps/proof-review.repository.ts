import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

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
