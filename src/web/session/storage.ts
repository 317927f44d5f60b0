/** Local storage keys of docs/product.md section 3, exactly as named there. */
export const StorageKeys = {
  email: 'email',
  accessToken: 'dev_acc_token',
  refreshToken: 'dev_ref_token',
  developerId: 'dev_ref_id',
  clientCode: 'auth_client_code',
  developer: 'developer',
} as const;

/** The `exp` claim (seconds) of a JWT, or null when the token cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    if (
      claims !== null &&
      typeof claims === 'object' &&
      'exp' in claims &&
      typeof claims.exp === 'number'
    ) {
      return claims.exp;
    }
    return null;
  } catch {
    return null;
  }
}

/** docs/product.md section 4: authenticated = a stored access token whose exp is in the future. */
export function isAuthenticated(
  storage: Storage = localStorage,
  nowMs: number = Date.now(),
): boolean {
  const token = storage.getItem(StorageKeys.accessToken);
  if (token === null) return false;
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > nowMs;
}

/**
 * docs/product.md section 4, Logout, widened: drop every key the session stored
 * (tokens, developer id, e-mail, developer record, client code), so the next person on this
 * browser gets nothing of the last developer (the client code used to stay, pre-filled and
 * locked on Create).
 */
export function clearSession(storage: Storage = localStorage): void {
  for (const key of Object.values(StorageKeys)) storage.removeItem(key);
}
