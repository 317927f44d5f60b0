import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Messages } from '../../contract/messages.js';
import { createHashPool, HashPoolBusyError, type HashPool, type Reservation } from './hash-pool.js';
import { RetryLaterError, secondsUntil } from './rate-limits.js';

/** argon2id at the OWASP baseline (m=19 MiB, t=2, p=1). */
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** How many password checks may wait for a thread, and for how long (docs/decisions/020). */
export interface HashingLimits {
  readonly maxWaiting: number;
  readonly maxWaitMs: number;
}

const DEFAULT_LIMITS: HashingLimits = { maxWaiting: 64, maxWaitMs: 5000 };

let pool: HashPool | undefined;
let limits = DEFAULT_LIMITS;

/** Set once at start from the config; a pool already running is replaced. */
export function configurePasswordHashing(next: HashingLimits): void {
  limits = next;
  const old = pool;
  pool = undefined;
  void old?.close();
}

function hashPool(): HashPool {
  pool ??= createHashPool({
    threads: Math.max(1, availableParallelism()),
    ...limits,
    argon2: ARGON2_OPTIONS,
  });
  return pool;
}

/** The client may come back once a queue's worth of checks has gone through. */
function busy(): RetryLaterError {
  const seconds = secondsUntil(limits.maxWaitMs);
  return new RetryLaterError(Messages.auth.hashingBusy(seconds), seconds, 'unavailable');
}

export async function hashPassword(password: string): Promise<string> {
  try {
    return await hashPool().run({ op: 'hash', password });
  } catch (error) {
    throw error instanceof HashPoolBusyError ? busy() : error;
  }
}

/** A password check whose place among the hashing threads is held already. */
export interface PasswordCheck {
  /** Checks against the hash, or against a dummy one (the same work) when there is none. */
  verify(passwordHash: string | null, password: string): Promise<boolean>;
  /** Gives the place back unused; nothing once the check has run. */
  release(): void;
}

/**
 * Holds a place for one check now, or answers 503 at once when every thread and the queue
 * are taken: a sign-in refused for load must learn it before its try is counted.
 */
export function reservePasswordCheck(): PasswordCheck {
  let reservation: Reservation;
  try {
    reservation = hashPool().reserve();
  } catch (error) {
    throw error instanceof HashPoolBusyError ? busy() : error;
  }
  return {
    async verify(passwordHash, password) {
      const hash = passwordHash ?? (await dummyHash());
      try {
        return await reservation.run({ op: 'verify', hash, password });
      } catch (error) {
        if (error instanceof HashPoolBusyError) throw busy();
        return false;
      }
    },
    release: () => reservation.release(),
  };
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return reservePasswordCheck().verify(passwordHash, password);
}

let dummy: Promise<string> | undefined;

function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('base64url')).catch((error: unknown) => {
    dummy = undefined;
    throw error;
  });
  return dummy;
}

/**
 * Spends the same work as a real check for an account that does not exist (or has no
 * password), so the answer time does not tell whether an e-mail is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await reservePasswordCheck().verify(null, password);
  return false;
}
