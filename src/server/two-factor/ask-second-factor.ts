import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { issueChallenge } from './challenge.js';
import { enrolledFactors } from './two-factor.repository.js';

/** The password was right; the second factor is asked under `session`, by the factors enrolled. */
export interface SecondFactorAsked {
  readonly session: string;
  readonly hasTotp: boolean;
  readonly hasPasskey: boolean;
}

export async function askSecondFactor(
  db: Kysely<Database>,
  accessTokenSecret: string,
  developerId: string,
  now: number,
): Promise<SecondFactorAsked> {
  const factors = await enrolledFactors(db, developerId);
  return {
    session: issueChallenge(accessTokenSecret, { developerId, issuedAt: now }),
    ...factors,
  };
}
