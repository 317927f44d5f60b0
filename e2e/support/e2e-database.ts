import { openDatabase, type Db } from '../../src/server/db/database.js';

/**
 * Runs `work` on the e2e server's own database (SQLite in E2E_DATA_DIR, or DATABASE_URL when
 * the shell sets one, as for the server), for what no screen or API can set: the past.
 */
export async function withE2eDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is unset: run through playwright test');
  const db = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}
