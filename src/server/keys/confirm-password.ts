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
 * The counter of password tries behind a signed-in session that key reveal and password
 * change share: a stolen session gets no more guesses by switching screens.
 */
export const PASSWORD_TRY_COUNTER = 'key-reveal';

/**
 * Counts one password try of `developerId` under `counter` before the hash, so parallel
 * guesses get no more checks than the limit; past it, a 429 even for the right password.
 */
export async function countPasswordTry(
  db: Kysely<Database>,
  developerId: string,
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
}

/** Whether `password` is the developer's; as slow without a password (hand-off accounts). */
export function isPasswordOf(
  developer: { readonly passwordHash: string | null },
  password: string,
): Promise<boolean> {
  return developer.passwordHash === null
    ? verifyAgainstDummy(password)
    : verifyPassword(developer.passwordHash, password);
}

/**
 * The password typed again before a secret is shown (API keys, postback signing secrets),
 * counted under `counter`; the check runs on the sign-in hash pool.
 */
export async function confirmPassword(
  db: Kysely<Database>,
  developerId: string,
  password: string,
  counter: string,
  now: number,
): Promise<void> {
  await countPasswordTry(db, developerId, counter, now);
  const developer = await findDeveloperById(db, developerId);
  if (developer === undefined) throw new AppError('not_found', Messages.apps.notFound);
  if (!(await isPasswordOf(developer, password))) {
    // `field` tells the web client this 401 is the password, not a dead session.
    throw new AppError('password_wrong', Messages.keys.passwordWrong, { field: 'password' });
  }
}
