import type { CodePurpose } from '../db/schema.js';
import { brandedMail, escapeHtml } from './html.js';
import type { Mail } from './mailer.js';

export interface CodeMailInput {
  readonly to: string;
  readonly name: string;
  readonly code: string;
  readonly purpose: CodePurpose;
  readonly productName: string;
  readonly publicUrl: string;
  readonly validMinutes: number;
}

const WHAT: Readonly<Record<CodePurpose, string>> = {
  verify: 'verification code',
  reset: 'password reset code',
};

const WHY: Readonly<Record<CodePurpose, string>> = {
  verify: 'Enter it on the verification screen to confirm your account.',
  reset: 'Enter it on the reset screen together with your new password.',
};

/**
 * A branded one-time-code mail. The code leads the subject and the first line, so a mail
 * preview shows it and a test reads it with /\b\d{6}\b/.
 */
export function codeMail(input: CodeMailInput): Mail {
  const what = WHAT[input.purpose];
  const subject = `${input.code} is your ${input.productName} ${what}`;
  const validity = `It is valid for ${input.validMinutes} minutes and works once. If you did not ask for it, ignore this e-mail.`;
  const e = escapeHtml;
  return brandedMail({
    ...input,
    subject,
    lead: `${subject}.`,
    textLines: [WHY[input.purpose], validity],
    htmlParagraphs: [
      `<p>Your ${e(input.productName)} ${e(what)} is:</p>`,
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:8px 0">${e(input.code)}</p>`,
      `<p>${e(WHY[input.purpose])}<br>${e(validity)}</p>`,
    ],
  });
}
