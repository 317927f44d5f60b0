import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resendGapKey } from '../../src/server/auth/reset-send-limits.js';
import { SECRETS_FILE } from '../../src/server/secrets.js';
import { withE2eDatabase } from './e2e-database.js';

/**
 * Moves a developer's one-time codes `ms` into the past, as if that much time had gone by,
 * and the 60 s gap the typed address waits between verification codes with them. The
 * built server reads the real clock; the code rules themselves are pinned against an
 * injected clock by the API tests, so a screen flow that only needs the gap to have passed
 * need not wait it out.
 */
export async function ageCodes(email: string, ms: number): Promise<void> {
  const gapKey = resendGapKey(await codeHashSecret(), 'verify', email);
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
    await db.kysely
      .updateTable('rateLimits')
      .set((eb) => ({ resetsAt: eb('resetsAt', '-', ms) }))
      .where('key', '=', gapKey)
      .execute();
  });
}

/** The e2e server runs in embedded mode: its secrets are in its data directory. */
async function codeHashSecret(): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is unset: run through playwright test');
  const stored = JSON.parse(await readFile(path.join(dataDir, SECRETS_FILE), 'utf8')) as {
    codeHashSecret: string;
  };
  return stored.codeHashSecret;
}
