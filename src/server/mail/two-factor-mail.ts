import { ClientPaths } from '../../contract/routes.js';
import { securityNoticeMail } from './html.js';
import type { Mail } from './mailer.js';

/** The factor changes a developer is told of by mail. */
export type FactorChange =
  'enrolled' | 'removed' | 'regenerated' | 'recovery_used' | 'passkey_added' | 'passkey_removed';
/** Those and support's reset, which the developer's own screens cannot make. */
type FactorMailChange = FactorChange | 'reset_by_support';

const WHAT: Readonly<Record<FactorMailChange, { subject: string; what: string }>> = {
  enrolled: {
    subject: 'An authenticator app was set up on your',
    what: 'An authenticator app was just set up as second factor of your developer account: sign-in now asks for its code after the password.',
  },
  removed: {
    subject: 'The authenticator app was removed from your',
    what: 'The authenticator app was just removed from your developer account, with its recovery codes: sign-in asks for the password only.',
  },
  regenerated: {
    subject: 'New recovery codes were made for your',
    what: 'New recovery codes were just made for your developer account; the earlier ones no longer work.',
  },
  passkey_added: {
    subject: 'A passkey was added to your',
    what: 'A passkey was just added as second factor of your developer account: sign-in can ask for it after the password.',
  },
  passkey_removed: {
    subject: 'A passkey was removed from your',
    what: 'A passkey was just removed from your developer account: it no longer signs you in.',
  },
  recovery_used: {
    subject: 'A recovery code was used on your',
    what: 'A recovery code was just used to sign in to your developer account. Each code works once.',
  },
  reset_by_support: {
    subject: 'Support removed the second factors of your',
    what: 'Support just removed the authenticator app and the recovery codes of your developer account and signed it out of every device: sign-in asks for the password only. Set up an authenticator app again on your account page.',
  },
};

export interface TwoFactorMailInput {
  readonly to: string;
  readonly name: string;
  readonly productName: string;
  readonly publicUrl: string;
  readonly change: FactorMailChange;
}

/** The security notice of a second-factor change, linking to the account screen. */
export function twoFactorMail(input: TwoFactorMailInput): Mail {
  const { subject: start, what } = WHAT[input.change];
  return securityNoticeMail(input, {
    subject: `${start} ${input.productName} developer account`,
    what,
    ifNotYou: 'If this was not you, change your password now and review your account:',
    url: `${input.publicUrl}${ClientPaths.account}`,
  });
}
