import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { markFactorAdded, replaceRecoveryCodes } from './two-factor.repository.js';

/** Ten new codes stored by their hashes; the plain codes go to the developer once. */
export function freshRecoveryCodes(codeHashSecret: string) {
  const codes = newRecoveryCodes();
  return { codes, hashes: codes.map((code) => hashRecoveryCode(codeHashSecret, code)) };
}

/**
 * A factor (authenticator app or passkey) was just added in `trx`: the account's first one
 * sets `second_factor_at` and answers the ten recovery codes to show once; a later one none.
 */
export async function firstFactorCodes(
  trx: Transaction<Database>,
  developerId: string,
  codeHashSecret: string,
  now: number,
): Promise<string[]> {
  if (!(await markFactorAdded(trx, developerId, now))) return [];
  const { codes, hashes } = freshRecoveryCodes(codeHashSecret);
  await replaceRecoveryCodes(trx, developerId, hashes, now);
  return codes;
}
