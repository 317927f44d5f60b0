import { openDatabase } from '../../src/server/db/database.js';

/**
 * Moves a developer's one-time codes `ms` into the past, as if that much time had gone by.
 * The built server reads the real clock; the code rules themselves (the 60 s resend gap)
 * are pinned against an injected clock by the API tests, so a screen flow that only needs
 * the gap to have passed need not wait it out. Opens the e2e server's own database (SQLite
 * in E2E_DATA_DIR, or DATABASE_URL when the shell sets one, as for the server).
 */
export async function ageCodes(email: string, ms: number): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is unset: run through playwright test');
  const db = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  try {
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
  } finally {
    await db.close();
  }
}
