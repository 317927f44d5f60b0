import { describe, expect, it } from 'vitest';
import { createLimiter, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hash with argon2id at m=19456, t=2, p=1 and a fresh salt', async () => {
    const first = await hashPassword('Str0ng!Pass');
    const second = await hashPassword('Str0ng!Pass');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]{22}\$[\w+/]{43}$/);
    expect(second).not.toBe(first);
  });

  it('verify the right password only', async () => {
    const hash = await hashPassword('Str0ng!Pass');
    expect(await verifyPassword(hash, 'Str0ng!Pass')).toBe(true);
    expect(await verifyPassword(hash, 'Str0ng!pass')).toBe(false);
  });

  it('answer false for a malformed hash instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('spend a real check on the dummy hash and always answer false', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});

describe('createLimiter', () => {
  it('runs at most `slots` tasks at once and all of them in the end', async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let peak = 0;
    const task = (value: number) =>
      limiter.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return value;
      });
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(task));
    expect(results).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(2);
    expect(limiter.active).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(() => Promise.resolve('next'))).toBe('next');
    expect(limiter.active).toBe(0);
  });
});
