import { beforeEach, describe, expect, it } from 'vitest';
import { rememberProfile, signedInName } from './signed-in-developer.js';
import { StorageKeys } from './storage.js';

describe('signedInName', () => {
  beforeEach(() => localStorage.clear());

  it('is the stored name, else the e-mail, else empty', () => {
    expect(signedInName()).toBe('');
    localStorage.setItem(StorageKeys.email, 'asha@example.com');
    expect(signedInName()).toBe('asha@example.com');
    localStorage.setItem(StorageKeys.developer, JSON.stringify({ id: 'd1', name: '' }));
    expect(signedInName()).toBe('asha@example.com');
    localStorage.setItem(StorageKeys.developer, JSON.stringify({ id: 'd1', name: 'Asha Rao' }));
    expect(signedInName()).toBe('Asha Rao');
  });

  it('reads past a record that is not JSON', () => {
    localStorage.setItem(StorageKeys.developer, '{broken');
    localStorage.setItem(StorageKeys.email, 'asha@example.com');
    expect(signedInName()).toBe('asha@example.com');
  });
});

describe('rememberProfile', () => {
  beforeEach(() => localStorage.clear());

  it('updates the name and mobile of the stored record and keeps the rest', () => {
    const record = { id: 'd1', name: 'Asha', email: 'a@example.com', mobile: '+911', deviceId: '' };
    localStorage.setItem(StorageKeys.developer, JSON.stringify(record));
    rememberProfile({ name: 'Asha Rao', mobile: '+919000000001' });
    expect(JSON.parse(localStorage.getItem(StorageKeys.developer) ?? '')).toEqual({
      ...record,
      name: 'Asha Rao',
      mobile: '+919000000001',
    });
    expect(signedInName()).toBe('Asha Rao');
  });
});
