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
  it('removes the tokens and the developer id and keeps the rest', () => {
    for (const key of Object.values(StorageKeys)) localStorage.setItem(key, 'x');
    clearSession();
    expect(localStorage.getItem('dev_acc_token')).toBeNull();
    expect(localStorage.getItem('dev_ref_token')).toBeNull();
    expect(localStorage.getItem('dev_ref_id')).toBeNull();
    expect(localStorage.getItem('email')).toBe('x');
  });
});
