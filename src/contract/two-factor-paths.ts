/**
 * Ours: the account screen's second-factor calls (docs/decisions/063-developer-two-factor.md).
 * Apart from `ApiPaths` so the first screen a browser loads does not carry them.
 */
export const TwoFactorPaths = {
  /** The account's second factors (GET). */
  status: '/api/v1/account/two-factor',
  /** Setting up the authenticator app (POST). */
  totp: '/api/v1/account/two-factor/totp',
  totpConfirm: '/api/v1/account/two-factor/totp/confirm',
  totpRemove: '/api/v1/account/two-factor/totp/remove',
  /** Ten new recovery codes, the old ones void (POST). */
  recoveryCodes: '/api/v1/account/two-factor/recovery-codes',
} as const;
