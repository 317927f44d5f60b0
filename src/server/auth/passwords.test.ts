import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

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
