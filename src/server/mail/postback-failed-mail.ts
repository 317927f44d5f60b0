import { PostbackMessages } from '../../contract/postbacks.js';
import { updateAppPath } from '../../contract/routes.js';
import { brandedMail, escapeHtml } from './html.js';
import type { Mail } from './mailer.js';

export interface PostbackFailedMailInput {
  readonly to: string;
  readonly name: string;
  readonly productName: string;
  readonly publicUrl: string;
  readonly applicationId: string;
  readonly applicationName: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly attempts: number;
}

/** Sent once a postback's last attempt failed: which event, and where to replay it. */
export function postbackFailedMail(input: PostbackFailedMailInput): Mail {
  const appUrl = `${input.publicUrl}${updateAppPath(input.applicationId)}`;
  const intro = `The ${input.eventType} postback ${input.eventId} for your application ${input.applicationName} (${input.applicationId}) failed after ${String(input.attempts)} attempts, and will not be retried.`;
  const action = 'Check your postback URL, then replay the event from the delivery log:';
  const e = escapeHtml;
  return brandedMail({
    ...input,
    subject: PostbackMessages.failedMailSubject(input.applicationName),
    textLines: [intro, '', action, appUrl],
    htmlParagraphs: [
      `<p>${e(intro)}</p>`,
      `<p>${e(action)}<br><a href="${e(appUrl)}">${e(appUrl)}</a></p>`,
    ],
  });
}
