import { describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../contract/auth.js';
import { clientCodeOf, storeSession } from './session.js';

const RESPONSE: AuthResponse = {
  status: 'success',
  message: 'Successfully logged in',
  profile: {
    UserAttributes: [
      { Name: 'sub', Value: 'dev-7' },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'name', Value: 'Asha' },
      { Name: 'custom:state', Value: 'Goa' },
      { Name: 'phone_number', Value: '+919876543210' },
      { Name: 'email', Value: 'asha@example.com' },
      { Name: 'custom:client_code', Value: '' },
    ],
  },
  user_status: {
    AuthenticationResult: {
      AccessToken: 'a.b.c',
      RefreshToken: 'r1',
      ExpiresIn: 900,
      TokenType: 'Bearer',
    },
  },
};

describe('storeSession (docs/product.md section 3 storage keys)', () => {
  it('stores the tokens, the developer id, the e-mail and the developer record', () => {
    storeSession(RESPONSE);
    expect(localStorage.getItem('dev_acc_token')).toBe('a.b.c');
    expect(localStorage.getItem('dev_ref_token')).toBe('r1');
    expect(localStorage.getItem('dev_ref_id')).toBe('dev-7');
    expect(localStorage.getItem('email')).toBe('asha@example.com');
    expect(JSON.parse(localStorage.getItem('developer') ?? '')).toEqual({
      id: 'dev-7',
      name: 'Asha',
      email: 'asha@example.com',
      mobile: '+919876543210',
      deviceId: '',
    });
    expect(localStorage.length).toBe(5);
  });

  it('reads attributes by name, not by position', () => {
    const reordered: AuthResponse = {
      ...RESPONSE,
      profile: { UserAttributes: [...RESPONSE.profile.UserAttributes].reverse() },
    };
    expect(storeSession(reordered).id).toBe('dev-7');
  });
});

describe('clientCodeOf', () => {
  const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;

  it('reads the client_code claim of a hand-off token', () => {
    expect(clientCodeOf(token({ client_code: 'AB1234' }))).toBe('AB1234');
  });

  it('is null without the claim or for an unreadable token', () => {
    expect(clientCodeOf(token({ sub: 'x' }))).toBeNull();
    expect(clientCodeOf(token({ client_code: '' }))).toBeNull();
    expect(clientCodeOf('garbage')).toBeNull();
  });
});
