import { hash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { OpsLimits, type EnrollmentResponse, type OperatorRole } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { isUniqueViolation } from '../auth/auth.repository.js';
import { hashPassword } from '../auth/passwords.js';
import { deleteCountsOf } from '../auth/sign-in-counts.repository.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { KeyCrypto } from '../keys/key-crypto.js';
import { recordOperatorAction } from './operator-audit.repository.js';
import {
  completeEnrollment,
  disableOperator,
  findOperatorByEnrollment,
  insertOperator,
  restartEnrollment,
} from './operators.repository.js';
import { hashOpsToken, newOpsToken } from './ops-token.js';
import { acceptedTotpStep, newTotpSecret, totpEnrollment } from './totp.js';

/**
 * Operators' sign-in counts are kept by the e-mail typed, known or not (decision 047),
 * hashed (hex: no LIKE sign in a key).
 */
export const operatorEmailKey = (email: string) => hash('sha256', email, 'hex');

export interface OperatorAccountsDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly crypto: KeyCrypto;
  readonly publicUrl: string;
  /** The authenticator app shows it beside the operator's e-mail. */
  readonly issuer: string;
}

/** Who did an operator-account action: a signed-in admin, or the command line. */
export interface Actor {
  readonly operator: { readonly id: string; readonly email: string };
  readonly ip: string;
}

export interface EnrollmentLink {
  readonly operatorId: string;
  readonly enrollmentUrl: string;
  readonly expiresAt: number;
}

/** The sealed secret's additional data: an operator's, never an application's. */
export const operatorSealContext = (operatorId: string) => `operator ${operatorId}`;

export function createOperatorAccounts(deps: OperatorAccountsDeps) {
  const { db, clock, crypto } = deps;

  /** A fresh link and TOTP secret; the caller stores them in its transaction. */
  function newEnrollment(operatorId: string) {
    const token = newOpsToken();
    const expiresAt = clock.now() + OpsLimits.enrollmentMs;
    const enrollmentUrl = `${deps.publicUrl}/ops/enroll?${new URLSearchParams({ token }).toString()}`;
    return {
      link: { operatorId, enrollmentUrl, expiresAt },
      stored: {
        tokenHash: hashOpsToken(token),
        expiresAt,
        sealedTotpSecret: crypto.seal(operatorSealContext(operatorId), newTotpSecret()),
      },
    };
  }

  /** The operator of a live enrollment link, with the TOTP secret to add. */
  async function enrolling(token: string) {
    const operator = await findOperatorByEnrollment(db, hashOpsToken(token));
    const expiresAt = operator?.enrollmentExpiresAt ?? null;
    if (
      operator?.sealedTotpSecret === null ||
      operator === undefined ||
      expiresAt === null ||
      expiresAt <= clock.now()
    ) {
      throw new AppError('not_found', OpsMessages.enroll.linkInvalid);
    }
    const secret = crypto.open(operatorSealContext(operator.id), operator.sealedTotpSecret);
    return { operator, secret };
  }

  return {
    async add(email: string, role: OperatorRole, actor: Actor): Promise<EnrollmentLink> {
      const normalized = email.trim().toLowerCase();
      const id = randomUUID();
      const { link, stored } = newEnrollment(id);
      // The insert comes first (a unique e-mail): a read first would make SQLite refuse this
      // transaction at once when a running server writes meanwhile.
      await db.transaction().execute(async (trx) => {
        await insertOperator(trx, {
          id,
          email: normalized,
          role,
          passwordHash: null,
          sealedTotpSecret: stored.sealedTotpSecret,
          enrollmentTokenHash: stored.tokenHash,
          enrollmentExpiresAt: stored.expiresAt,
          enrolledAt: null,
          disabledAt: null,
          lockedUntil: null,
          lastFailedSignInAt: null,
          lastTotpStep: null,
          createdAt: clock.now(),
        }).catch((error: unknown) => {
          throw isUniqueViolation(error)
            ? new AppError('conflict', OpsMessages.operators.exists)
            : error;
        });
        await recordOperatorAction(trx, {
          ...actor,
          at: clock.now(),
          action: 'operator.added',
          target: normalized,
          details: { role },
        });
      });
      return link;
    },

    /** A new enrollment link: password and authenticator start again, sessions end. */
    async reset(id: string, actor: Actor): Promise<EnrollmentLink> {
      const { link, stored } = newEnrollment(id);
      await db.transaction().execute(async (trx) => {
        const operator = await restartEnrollment(trx, id, stored);
        if (operator === undefined) {
          throw new AppError('not_found', OpsMessages.operators.notFound);
        }
        // Disabling is undone by no reset: the transaction, its new link included, rolls back.
        if (operator.disabledAt !== null) {
          throw new AppError('conflict', OpsMessages.operators.resetDisabled);
        }
        const { email } = operator;
        await deleteCountsOf(trx, 'operatorSignInThrottles', operatorEmailKey(email));
        await recordOperatorAction(trx, {
          ...actor,
          at: clock.now(),
          action: 'operator.reset',
          target: email,
        });
      });
      return link;
    },

    async disable(id: string, actor: Actor): Promise<void> {
      if (id === actor.operator.id) {
        throw new AppError('conflict', OpsMessages.operators.cannotDisableSelf);
      }
      await db.transaction().execute(async (trx) => {
        const email = await disableOperator(trx, id, clock.now());
        if (email === undefined) throw new AppError('not_found', OpsMessages.operators.notFound);
        await recordOperatorAction(trx, {
          ...actor,
          at: clock.now(),
          action: 'operator.disabled',
          target: email,
        });
      });
    },

    async enrollment(token: string): Promise<EnrollmentResponse> {
      const { operator, secret } = await enrolling(token);
      const { otpauthUri, qrSvg } = await totpEnrollment(secret, operator.email, deps.issuer);
      return { email: operator.email, role: operator.role, secret, otpauthUri, qrSvg };
    },

    /** Sets the password once the first code proves the authenticator holds the secret. */
    async enroll(input: { token: string; password: string; code: string }, ip: string) {
      const { operator, secret } = await enrolling(input.token);
      const step = acceptedTotpStep(secret, input.code, clock.now(), null);
      if (step === null) throw new AppError('code_invalid', OpsMessages.enroll.codeWrong);
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        const done = await completeEnrollment(trx, operator.id, hashOpsToken(input.token), {
          passwordHash,
          totpStep: step,
          now: clock.now(),
        });
        if (!done) throw new AppError('not_found', OpsMessages.enroll.linkInvalid);
        await recordOperatorAction(trx, {
          operator,
          ip,
          at: clock.now(),
          action: 'operator.enrolled',
          target: operator.email,
        });
      });
    },
  };
}

export type OperatorAccounts = ReturnType<typeof createOperatorAccounts>;
