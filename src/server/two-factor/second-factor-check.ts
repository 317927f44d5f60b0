import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { KeyCrypto } from '../keys/key-crypto.js';
import { acceptedTotpStep } from '../ops/totp.js';
import { takeSignInTry, type ThrottlePlan } from '../auth/sign-in-throttle.js';
import { hashRecoveryCode, isRecoveryCodeForm } from './recovery-codes.js';
import { findTotp, takeTotpStep, useRecoveryCode } from './two-factor.repository.js';

/** What a second-factor check needs; no Fastify. */
export interface FactorCheckDeps {
  readonly db: Kysely<Database>;
  readonly crypto: KeyCrypto;
  readonly codeHashSecret: string;
  /** Told when a wrong code set a lock (the sign-in metrics). */
  readonly onLockout: () => void;
}

export type FactorUsed = 'totp' | 'recovery_code';

/** The sealed secret's additional data: a developer's, never an application's or operator's. */
export const developerSealContext = (developerId: string) => `developer ${developerId}`;

/** Which factor `code` proves, used up (a TOTP step and a recovery code are good once); else null. */
async function useFactor(
  deps: FactorCheckDeps,
  developerId: string,
  code: string,
  now: number,
): Promise<FactorUsed | null> {
  if (isRecoveryCodeForm(code)) {
    const hash = hashRecoveryCode(deps.codeHashSecret, code);
    return (await useRecoveryCode(deps.db, developerId, hash, now)) ? 'recovery_code' : null;
  }
  const totp = await findTotp(deps.db, developerId);
  if (totp?.confirmedAt === null || totp === undefined) return null;
  const secret = deps.crypto.open(developerSealContext(developerId), totp.sealedSecret);
  const step = acceptedTotpStep(secret, code.trim(), now, totp.lastStep);
  return step !== null && (await takeTotpStep(deps.db, developerId, step)) ? 'totp' : null;
}

/**
 * A code or recovery code counted like a password (docs/decisions/010): the try is taken
 * before the code is looked at, a locked count refuses it unchecked (429). The caller clears
 * the counts once the whole proof is in.
 */
export async function checkSecondFactor(
  deps: FactorCheckDeps,
  plan: ThrottlePlan,
  code: string,
  now: number,
): Promise<FactorUsed | null> {
  if ((await takeSignInTry(deps.db, plan, now)).hasLocked) deps.onLockout();
  return useFactor(deps, plan.developerId, code, now);
}
