import { ACCOUNT_SESSIONS_ID, ClientPaths } from '../../contract/routes.js';
import { securityNoticeMail } from './html.js';
import type { Mail } from './mailer.js';

export interface PasswordChangedMailInput {
  readonly to: string;
  readonly name: string;
  readonly productName: string;
  readonly publicUrl: string;
}

/**
 * The security notice of a password change: it links to the sessions list, where
 * the owner who did not make the change sees the devices and signs them out.
 */
export function passwordChangedMail(input: PasswordChangedMailInput): Mail {
  return securityNoticeMail(input, {
    subject: `Your ${input.productName} developer password was changed`,
    what: 'The password of your developer account was just changed, and every other device was signed out.',
    ifNotYou:
      'If you did not change it, reset your password now and review the devices signed in to your account:',
    url: `${input.publicUrl}${ClientPaths.account}#${ACCOUNT_SESSIONS_ID}`,
  });
}
