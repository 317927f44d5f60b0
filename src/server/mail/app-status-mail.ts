import { brandedMail, escapeHtml } from './html.js';
import type { Mail } from './mailer.js';

export interface AppStatusMailInput {
  readonly to: string;
  readonly name: string;
  readonly productName: string;
  readonly publicUrl: string;
  readonly appName: string;
  readonly isActive: boolean;
  /** The operator's reason, required by the console. */
  readonly reason: string;
}

/** An operator paused or resumed the developer's application, with the reason. */
export function appStatusMail(input: AppStatusMailInput): Mail {
  const subject = input.isActive
    ? `Your application "${input.appName}" is active again`
    : `Your application "${input.appName}" was paused`;
  const body = input.isActive
    ? `Our support team resumed your application "${input.appName}": it works again.`
    : `Our support team paused your application "${input.appName}": it does not work until it is resumed.`;
  const reason = `Reason: ${input.reason.trim()}`;
  const e = escapeHtml;
  return brandedMail({
    ...input,
    subject,
    textLines: [body, reason],
    htmlParagraphs: [`<p>${e(body)}</p>`, `<p>${e(reason)}</p>`],
  });
}
