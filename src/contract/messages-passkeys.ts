/**
 * Ours: the texts of passkeys (docs/product.md section "Two factors"), apart from the other
 * messages so the screens load them with their own lazy chunks.
 */
export const PasskeyMessages = {
  // The account screen
  title: 'Passkeys',
  lead: 'A passkey on this device or a security key, asked after your password when you sign in.',
  none: 'No passkey added.',
  nameLabel: 'Passkey name',
  namePlaceholder: 'e.g. Work laptop',
  nameRequired: 'Give the passkey a name.',
  nameTooLong: 'Use at most 60 characters for the name.',
  add: 'Add a passkey',
  added: 'Passkey added.',
  addedWithCodes: 'Passkey added. Save your recovery codes now.',
  addedOn: (when: string) => `Added ${when}`,
  lastUsed: (when: string) => `last used ${when}`,
  neverUsed: 'never used',
  remove: (name: string) => `Remove ${name}`,
  removeLead:
    'Enter your password and a code from your authenticator app or a recovery code, or leave the code empty to confirm with a passkey.',
  removeConfirm: 'Remove passkey',
  removed: 'Passkey removed.',
  options: 'Use your passkey when your browser asks.',
  // The sign-in
  usePasskey: 'Use a passkey',
  signInWithPasskey: 'Sign in with a passkey',
  passkeyNeeded: 'Confirm with your passkey or enter a code.',
  // Errors
  notVerified: 'That passkey could not be checked. Please try again.',
  cancelled: 'The passkey was not used. Please try again.',
  unsupported: 'This browser cannot use passkeys.',
  notFound: 'No such passkey on your account.',
  duplicate: 'This passkey is added already.',
  tooMany: 'You have 20 passkeys already: remove one first.',
  signInOff: 'Sign-in with a passkey alone is turned off for this portal.',
  factorNeeded: 'Enter a code or confirm with a passkey.',
} as const;
