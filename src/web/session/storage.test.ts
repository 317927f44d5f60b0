import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../../../test/support/brand.js';
import { clearSession, isAuthenticated, StorageKeys, tokenExpiry } from './storage.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

describe('isAuthenticated (docs/product.md section 4)', () => {
  it('is false without a token', () => {
    expect(isAuthenticated(localStorage, NOW)).toBe(false);
  });

  it('is true while exp is in the future and false from exp on', () => {
    localStorage.setItem(StorageKeys.accessToken, fakeJwt(NOW / 1000 + 60));
    expect(isAuthenticated(localStorage, NOW)).toBe(true);
    expect(isAuthenticated(localStorage, NOW + 60_000)).toBe(false);
  });

  it('is false for a token it cannot read', () => {
    localStorage.setItem(StorageKeys.accessToken, 'not-a-jwt');
    expect(isAuthenticated(localStorage, NOW)).toBe(false);
    expect(tokenExpiry('a.%%%.c')).toBeNull();
  });
});

describe('clearSession (docs/product.md section 4, Logout)', () => {
  it('removes every key the session stored and leaves other keys alone', () => {
    for (const key of Object.values(StorageKeys)) localStorage.setItem(key, 'x');
    localStorage.setItem('unrelated', 'kept');
    clearSession();
    for (const key of Object.values(StorageKeys)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('auth_client_code')).toBeNull();
    expect(localStorage.getItem('developer')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});
