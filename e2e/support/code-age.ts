import { withE2eDatabase } from './e2e-database.js';

/**
 * Moves a developer's one-time codes `ms` into the past, as if that much time had gone by.
 * The built server reads the real clock; the code rules themselves (the 60 s resend gap)
 * are pinned against an injected clock by the API tests, so a screen flow that only needs
 * the gap to have passed need not wait it out.
 */
export async function ageCodes(email: string, ms: number): Promise<void> {
  await withE2eDatabase(async (db) => {
    const developer = await db.kysely
      .selectFrom('developers')
      .select('id')
      .where('emailNormalized', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    await db.kysely
      .updateTable('oneTimeCodes')
      .set((eb) => ({ createdAt: eb('createdAt', '-', ms) }))
      .where('developerId', '=', developer.id)
      .execute();
  });
}
