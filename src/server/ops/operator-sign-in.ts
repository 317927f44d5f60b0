import type { Kysely } from 'kysely';
import { SignInLimits } from '../../contract/limits.js';
import { OpsLimits, type Operator } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { RetryLaterError, secondsUntil } from '../auth/rate-limits.js';
import { reservePasswordCheck } from '../auth/passwords.js';
import {
  clearKeyedTries,
  latestKeyedLock,
  takeKeyedTry,
} from '../auth/sign-in-counts.repository.js';
import { Locked, orLocked } from '../auth/sign-in-throttle.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { KeyCrypto } from '../keys/key-crypto.js';
import { recordOperatorAction } from './operator-audit.repository.js';
import { findOperatorByEmail, takeTotpStep } from './operators.repository.js';
import { acceptedTotpStep } from './totp.js';
import { operatorEmailKey, operatorSealContext } from './operator-accounts.js';

/** Who asks to sign in: the address, its rate-limit key, and the device its cookie names. */
export interface OperatorSignInClient {
  readonly ip: string;
  readonly ipKey: string;
  /** The nonce of the browser's device cookie when it is a valid one of this operator. */
  readonly deviceOf: (operatorId: string) => string | undefined;
}

export interface OperatorCount {
  readonly key: string;
  readonly freeFailures: number;
}

const TABLE = 'operatorSignInThrottles';

/**
 * Takes one try of every count in one transaction, before the password is checked.
 * Undefined when one is locked (the transaction then counts nothing); else whether this
 * try set a lock.
 */
async function takeOperatorTries(
  db: Kysely<Database>,
  counts: readonly OperatorCount[],
  now: number,
): Promise<{ readonly hasLocked: boolean } | undefined> {
  try {
    return await db.transaction().execute(async (trx) => {
      let hasLocked = false;
      for (const { key, freeFailures } of counts) {
        const taken = await orLocked(takeKeyedTry(trx, TABLE, { key }, freeFailures, now));
        hasLocked ||= taken.lockedUntil !== null;
      }
      return { hasLocked };
    });
  } catch (error) {
    if (error instanceof Locked) return undefined;
    throw error;
  }
}

/**
 * The developers' rule (decision 010): a browser that signed in as this operator before
 * counts only its own tries; any other client counts the e-mail's shared count and that of
 * its address on the e-mail, whether or not an operator has that e-mail (decision 047).
 */
export function operatorCounts(
  email: string,
  device: string | undefined,
  ipKey: string,
): OperatorCount[] {
  const emailKey = operatorEmailKey(email);
  if (device !== undefined) {
    return [{ key: `device ${emailKey} ${device}`, freeFailures: SignInLimits.deviceFreeFailures }];
  }
  return [
    { key: `address ${emailKey} ${ipKey}`, freeFailures: SignInLimits.accountAndIpFreeFailures },
    { key: `account ${emailKey}`, freeFailures: OpsLimits.freeFailures },
  ];
}

/**
 * Password and TOTP code; one answer for any wrong part and for an unknown, disabled or
 * unenrolled e-mail, which is counted and locked like a real operator's. Failures and locks
 * go to the operators' audit.
 */
export function createOperatorSignIn(deps: {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly crypto: KeyCrypto;
}) {
  const { db, clock } = deps;
  const badCredentials = () => new AppError('bad_credentials', OpsMessages.login.badCredentials);

  return async function signIn(
    input: { email: string; password: string; code: string },
    client: OperatorSignInClient,
  ): Promise<{ operator: Operator; isTrustedDevice: boolean }> {
    const email = input.email.trim().toLowerCase();
    const check = reservePasswordCheck();
    const found = await findOperatorByEmail(db, email);
    const operator =
      found?.disabledAt === null && found.passwordHash !== null && found.sealedTotpSecret !== null
        ? { ...found, passwordHash: found.passwordHash, sealedTotpSecret: found.sealedTotpSecret }
        : undefined;
    const device = operator === undefined ? undefined : client.deviceOf(operator.id);
    const counts = operatorCounts(email, device, client.ipKey);
    const now = clock.now();
    const audit = (action: 'operator.sign_in_failed' | 'operator.locked_out', reason: string) =>
      recordOperatorAction(db, {
        operator: { id: found?.id ?? '', email },
        ip: client.ip,
        at: now,
        action,
        target: email,
        details: { reason },
      });

    const taken = await takeOperatorTries(db, counts, now).catch((error: unknown) => {
      check.release();
      throw error;
    });
    if (taken === undefined) {
      check.release();
      await audit('operator.sign_in_failed', 'locked');
      const until = await latestKeyedLock(
        db,
        TABLE,
        counts.map((count) => count.key),
      );
      const seconds = secondsUntil((until ?? now) - now);
      throw new RetryLaterError(OpsMessages.login.locked(seconds), seconds, 'account_locked');
    }
    const isPasswordRight = await check.verify(operator?.passwordHash ?? null, input.password);
    const step =
      operator === undefined
        ? null
        : acceptedTotpStep(
            deps.crypto.open(operatorSealContext(operator.id), operator.sealedTotpSecret),
            input.code,
            now,
            operator.lastTotpStep,
          );
    if (
      operator === undefined ||
      !isPasswordRight ||
      step === null ||
      !(await takeTotpStep(db, operator.id, step))
    ) {
      await audit('operator.sign_in_failed', 'bad_credentials');
      if (taken.hasLocked) await audit('operator.locked_out', 'bad_credentials');
      throw badCredentials();
    }
    await clearKeyedTries(
      db,
      TABLE,
      counts.map((count) => count.key),
    );
    return {
      operator: { id: operator.id, email: operator.email, role: operator.role },
      isTrustedDevice: device !== undefined,
    };
  };
}

export type OperatorSignIn = ReturnType<typeof createOperatorSignIn>;
