import { brandedMail, escapeHtml } from './html.js';
import type { Mail } from './mailer.js';

export interface BlockMailInput {
  readonly to: string;
  readonly name: string;
  readonly productName: string;
  readonly publicUrl: string;
  /** The blocked application's name; absent when the block covers every application. */
  readonly appName?: string;
  readonly blocked: boolean;
  /** The operator's reason, required by the console. */
  readonly reason: string;
}

/** The provider's kill switch set or lifted on one application or on all of the developer's. */
export function blockMail(input: BlockMailInput): Mail {
  const what =
    input.appName === undefined
      ? 'every application of your account'
      : `your application "${input.appName}"`;
  const subject = input.blocked
    ? `${input.appName === undefined ? 'Your applications were' : `Your application "${input.appName}" was`} blocked`
    : `${input.appName === undefined ? 'Your applications are' : `Your application "${input.appName}" is`} no longer blocked`;
  const body = input.blocked
    ? `The provider blocked ${what}: the trading API refuses its calls until the provider lifts the block.`
    : `The provider lifted the block on ${what}: its calls are checked as before.`;
  const reason = `Reason: ${input.reason.trim()}`;
  const e = escapeHtml;
  return brandedMail({
    ...input,
    subject,
    textLines: [body, reason],
    htmlParagraphs: [`<p>${e(body)}</p>`, `<p>${e(reason)}</p>`],
  });
}
