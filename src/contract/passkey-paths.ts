/**
 * Ours: the passkey calls (docs/decisions/067-developer-passkeys.md). Apart from `ApiPaths`
 * so the first screen a browser loads does not carry them.
 */
export const PasskeyPaths = {
  /** The account's passkeys (GET). */
  list: '/api/v1/account/passkeys',
  /** Options for the browser to make a passkey (POST), then the made passkey (POST). */
  registerOptions: '/api/v1/account/passkeys/options',
  register: '/api/v1/account/passkeys',
  /** Options for the passkey assertion a removal may carry (POST), then the removal (POST). */
  removeOptions: '/api/v1/account/passkeys/remove/options',
  remove: '/api/v1/account/passkeys/remove',
  /** The sign-in's second step by passkey: options for the pending `Session`, then the answer. */
  secondFactorOptions: '/api/v1/authentication/signin/second-factor/passkey/options',
  secondFactor: '/api/v1/authentication/signin/second-factor/passkey',
  /** The session's step-up by passkey (docs/decisions/068): options, then the assertion. */
  stepUpOptions: '/api/v1/account/step-up/passkey/options',
  stepUp: '/api/v1/account/step-up/passkey',
  /** Sign-in by passkey alone (DEVELOPER_PASSKEY_SIGNIN=on): options, then the answer. */
  signInOptions: '/api/v1/authentication/signin/passkey/options',
  signIn: '/api/v1/authentication/signin/passkey',
} as const;
