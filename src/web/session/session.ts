import type { AuthResponse } from '../../contract/auth.js';
import { userAttribute } from '../../contract/user-attributes.js';
import { StorageKeys } from './storage.js';

/** The developer user record of docs/product.md section 3 (also what monitoring would receive). */
export interface DeveloperRecord {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly mobile: string;
  readonly deviceId: '';
}

/** docs/product.md section 4, login success: tokens, developer id and the developer record. */
export function storeSession(
  response: AuthResponse,
  storage: Storage = localStorage,
): DeveloperRecord {
  const result = response.user_status.AuthenticationResult;
  const developer: DeveloperRecord = {
    id: userAttribute(response, 'sub'),
    name: userAttribute(response, 'name'),
    email: userAttribute(response, 'email'),
    mobile: userAttribute(response, 'phone_number'),
    deviceId: '',
  };
  storage.setItem(StorageKeys.accessToken, result.AccessToken);
  storage.setItem(StorageKeys.refreshToken, result.RefreshToken);
  storage.setItem(StorageKeys.developerId, developer.id);
  storage.setItem(StorageKeys.email, developer.email);
  storage.setItem(StorageKeys.developer, JSON.stringify(developer));
  return developer;
}

/** The `client_code` claim of a hand-off token, read without verifying (the server did). */
export function clientCodeOf(token: string): string | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (claims !== null && typeof claims === 'object' && 'client_code' in claims) {
      return typeof claims.client_code === 'string' && claims.client_code !== ''
        ? claims.client_code
        : null;
    }
    return null;
  } catch {
    return null;
  }
}

export function storedEmail(storage: Storage = localStorage): string {
  return storage.getItem(StorageKeys.email) ?? '';
}

export function rememberEmail(email: string, storage: Storage = localStorage): void {
  storage.setItem(StorageKeys.email, email);
}
