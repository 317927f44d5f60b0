import type { CodePurpose } from '../db/schema.js';
import { brandedMail, escapeHtml } from './html.js';
import type { Mail } from './mailer.js';

export interface CodeLockMailInput {
  readonly to: string;
  readonly name: string;
  readonly productName: string;
  readonly publicUrl: string;
  readonly purpose: CodePurpose;
}

/** The security mail of an account whose codes of one purpose stopped after too many wrong ones. */
export function codeLockMail(input: CodeLockMailInput): Mail {
  const what = input.purpose === 'reset' ? 'password reset' : 'verification';
  const subject = `Too many wrong codes for your ${input.productName} account`;
  const lines = [
    `Someone entered too many wrong ${what} codes for your account today.`,
    `For a day, ${what} codes work only in a browser you have signed in with before.`,
    'If this was not you, nobody got in: there is nothing to do, and you may keep using your account.',
  ];
  return brandedMail({
    ...input,
    subject,
    textLines: lines,
    htmlParagraphs: lines.map((line) => `<p>${escapeHtml(line)}</p>`),
  });
}
