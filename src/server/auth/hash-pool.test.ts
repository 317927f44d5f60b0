import { hash } from '@node-rs/argon2';
import { afterEach, describe, expect, it } from 'vitest';
import { createHashPool, HashPoolBusyError, type HashPool } from './hash-pool.js';
import { ARGON2_OPTIONS } from './passwords.js';

let pool: HashPool | undefined;

afterEach(async () => {
  await pool?.close();
});

function open(threads: number, maxWaiting: number, maxWaitMs = 60_000): HashPool {
  pool = createHashPool({ threads, maxWaiting, maxWaitMs, argon2: ARGON2_OPTIONS });
  return pool;
}

describe('the argon2 thread pool', () => {
  it('hashes and verifies on its threads', async () => {
    const hashes = open(2, 4);
    const stored = await hashes.run({ op: 'hash', password: 'Str0ng!Pass' });
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashes.run({ op: 'verify', hash: stored, password: 'Str0ng!Pass' })).toBe(true);
    expect(await hashes.run({ op: 'verify', hash: stored, password: 'wrong' })).toBe(false);
  });

  it('refuses at once a task beyond the thread (two at a time) and the queue, and runs the others', async () => {
    const hashes = open(1, 1);
    const stored = await hash('Str0ng!Pass', ARGON2_OPTIONS);
    const verify = () => hashes.run({ op: 'verify', hash: stored, password: 'Str0ng!Pass' });
    const answers = await Promise.allSettled([verify(), verify(), verify(), verify(), verify()]);
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ]);
    expect(answers[3].status === 'rejected' && answers[3].reason).toBeInstanceOf(HashPoolBusyError);
    expect(hashes.waiting).toBe(0);
  });

  it('holds places for tasks to come: a reservation counts as taken until run or given back', async () => {
    const hashes = open(1, 1);
    const stored = await hash('Str0ng!Pass', ARGON2_OPTIONS);
    const task = { op: 'verify', hash: stored, password: 'Str0ng!Pass' } as const;
    const held = [hashes.reserve(), hashes.reserve(), hashes.reserve()];
    expect(() => hashes.reserve()).toThrow(HashPoolBusyError);
    await expect(hashes.run(task)).rejects.toBeInstanceOf(HashPoolBusyError);
    held[2]?.release();
    held[2]?.release();
    const last = hashes.reserve();
    expect(() => hashes.reserve()).toThrow(HashPoolBusyError);
    const answers = await Promise.all([...held.slice(0, 2), last].map((place) => place.run(task)));
    expect(answers).toEqual([true, true, true]);
    await expect(last.run(task)).rejects.toBeInstanceOf(HashPoolBusyError);
    expect(await hashes.run(task)).toBe(true);
  });

  it('refuses a task that waited longer than its deadline', async () => {
    const hashes = open(1, 10, 1);
    const stored = await hash('Str0ng!Pass', ARGON2_OPTIONS);
    const verify = () => hashes.run({ op: 'verify', hash: stored, password: 'Str0ng!Pass' });
    const [first, second, third] = await Promise.allSettled([verify(), verify(), verify()]);
    expect(first).toEqual({ status: 'fulfilled', value: true });
    expect(second).toEqual({ status: 'fulfilled', value: true });
    expect(third.status === 'rejected' && third.reason).toBeInstanceOf(HashPoolBusyError);
    // The thread is free again afterwards.
    expect(await verify()).toBe(true);
  });

  it('answers a malformed hash with an error, not a hung promise', async () => {
    const hashes = open(1, 1);
    await expect(hashes.run({ op: 'verify', hash: 'not-a-hash', password: 'x' })).rejects.toThrow();
    expect(await hashes.run({ op: 'hash', password: 'x' })).toMatch(/^\$argon2id\$/);
  });
});
