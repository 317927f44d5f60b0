/**
 * Ours: the texts of asking again (docs/decisions/068-step-up.md), apart from the other
 * messages so only the screens with guarded calls and the dialog's lazy chunk carry them.
 */
export const StepUpMessages = {
  required: 'Confirm it is you: enter a code from your authenticator app, then try again.',
  passwordRequired: 'Confirm it is you: enter your password, then try again.',
  granted: 'Confirmed. You will not be asked again for 5 minutes.',
  title: 'Confirm it is you',
  leadCode: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  leadPasskey:
    'Confirm with your passkey, or enter a code from your authenticator app or a recovery code.',
  leadPassword: 'Enter your password to continue.',
  usePasskey: 'Use a passkey',
  codeLabel: 'Code or recovery code',
  passwordLabel: 'Password',
  confirm: 'Confirm',
  cancel: 'Cancel',
  valueRequired: 'Enter it to continue.',
  wrongKind: 'This account is confirmed with a code from the authenticator app, not a password.',
  noFactor: 'This account has no authenticator app: confirm with your password.',
} as const;
