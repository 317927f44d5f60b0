import type { TestApp } from './test-app.js';

/**
 * A developer's activity rows as stored, oldest first, details parsed. Events of one change
 * share their time and ids are random: those come by kind.
 */
export async function activityOf(t: TestApp, developerId: string) {
  const rows = await t.db.kysely
    .selectFrom('activityEvents')
    .select(['kind', 'applicationId', 'at', 'ip', 'device', 'details'])
    .where('developerId', '=', developerId)
    .orderBy('at')
    .orderBy('kind')
    .execute();
  return rows.map((row) => ({ ...row, details: JSON.parse(row.details) as unknown }));
}

/** The kinds of a developer's events, oldest first. */
export async function activityKindsOf(t: TestApp, developerId: string): Promise<string[]> {
  return (await activityOf(t, developerId)).map((row) => row.kind);
}

/** A browser's User-Agent: its events record 'Firefox on Linux'. */
export const FIREFOX_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
