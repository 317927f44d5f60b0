import type { Kysely } from 'kysely';
import { KeyLimits } from '../../contract/keys.js';
import { Messages } from '../../contract/messages.js';
import { findDeveloperById } from '../auth/auth.repository.js';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords.js';
import { RetryLaterError, secondsUntil } from '../auth/rate-limits.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { countHit } from '../limits/rate-limits.repository.js';

/**
 * The password typed again before a secret is shown (API keys, postback signing secrets).
 * Each try is counted under `counter` before the hash, so parallel guesses get no more
 * checks than the limit; the check runs on the sign-in hash pool.
 */
export async function confirmPassword(
  db: Kysely<Database>,
  developerId: string,
  password: string,
  counter: string,
  now: number,
): Promise<void> {
  const { hits, resetsAt } = await countHit(
    db,
    `${counter} ${developerId}`,
    now,
    KeyLimits.revealWindowMs,
  );
  if (hits > KeyLimits.revealTries) {
    const seconds = secondsUntil(resetsAt - now);
    throw new RetryLaterError(Messages.keys.tooManyReveals(seconds), seconds);
  }
  const developer = await findDeveloperById(db, developerId);
  if (developer === undefined) throw new AppError('not_found', Messages.apps.notFound);
  const isRight =
    developer.passwordHash === null
      ? await verifyAgainstDummy(password)
      : await verifyPassword(developer.passwordHash, password);
  if (!isRight) {
    // `field` tells the web client this 401 is the password, not a dead session.
    throw new AppError('password_wrong', Messages.keys.passwordWrong, { field: 'password' });
  }
}
