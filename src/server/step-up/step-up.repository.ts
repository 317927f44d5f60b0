import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

/**
 * The session's last proof, whether its developer has a factor and how many passkeys;
 * undefined: no such session.
 */
export function findStepUpState(db: Db, developerId: string, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('developers', 'developers.id', 'sessions.developerId')
    .select(['sessions.stepUpAt', 'developers.secondFactorAt'])
    .select((eb) =>
      eb
        .selectFrom('developerPasskeys')
        .select((count) => count.fn.countAll<number | string | bigint>().as('n'))
        .whereRef('developerPasskeys.developerId', '=', 'sessions.developerId')
        .as('passkeys'),
    )
    .where('sessions.id', '=', sessionId)
    .where('sessions.developerId', '=', developerId)
    .executeTakeFirst();
}

/** Marks the proof on the developer's session; false when the session is not theirs. */
export async function markStepUp(
  db: Db,
  developerId: string,
  sessionId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ stepUpAt: now })
    .where('id', '=', sessionId)
    .where('developerId', '=', developerId)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
