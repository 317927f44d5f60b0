import { ACCOUNT_SESSIONS_ID, ClientPaths } from '../../contract/routes.js';
import { brandedMail, escapeHtml } from './html.js';
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
  const subject = `Your ${input.productName} developer password was changed`;
  const sessionsUrl = `${input.publicUrl}${ClientPaths.account}#${ACCOUNT_SESSIONS_ID}`;
  const what =
    'The password of your developer account was just changed, and every other device was signed out.';
  const ifNotYou = `If you did not change it, reset your password now and review the devices signed in to your account: ${sessionsUrl}`;
  const e = escapeHtml;
  return brandedMail({
    ...input,
    subject,
    lead: `${subject}.`,
    textLines: [what, ifNotYou],
    htmlParagraphs: [
      `<p>${e(what)}</p>`,
      '<p>If you did not change it, reset your password now and review the devices signed in to your account:</p>',
      `<p><a href="${e(sessionsUrl)}">${e(sessionsUrl)}</a></p>`,
    ],
  });
}
