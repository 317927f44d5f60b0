import { withE2eDatabase } from './e2e-database.js';

/**
 * Gives an application the renewal instant it would have had if created at another time:
 * the built server dates it from the real clock, and a renewal near midnight cannot wait
 * for the hour to come round.
 */
export async function setRenewalAt(applicationId: string, at: Date): Promise<void> {
  await withE2eDatabase(async (db) => {
    await db.kysely
      .updateTable('applications')
      .set({ renewalAt: at.getTime() })
      .where('id', '=', applicationId)
      .executeTakeFirstOrThrow();
  });
}
