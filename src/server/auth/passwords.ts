import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at the OWASP baseline (m=19 MiB, t=2, p=1). The native library hashes on
 * libuv's thread pool, off the event loop; the semaphore below bounds how many run at once
 * so a burst of sign-ins queues instead of exhausting memory and the pool.
 */
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** A small counting semaphore. */
export function createLimiter(slots: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    get active() {
      return active;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
      else active += 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next === undefined) active -= 1;
        else next();
      }
    },
  };
}

const limiter = createLimiter(Math.max(1, availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  // @node-rs/argon2 defaults to argon2id (its Algorithm enum is const, not importable here).
  return limiter.run(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await limiter.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check for an account that does not exist (or has no
 * password), so the answer time does not tell whether an e-mail is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(16).toString('base64url'), ARGON2_OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}
