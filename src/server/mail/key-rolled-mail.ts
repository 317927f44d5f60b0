import { updateAppPath } from '../../contract/routes.js';
import { brandedMail, escapeHtml } from './html.js';
import type { Mail } from './mailer.js';

export interface KeyRolledMailInput {
  readonly to: string;
  readonly name: string;
  readonly productName: string;
  readonly publicUrl: string;
  readonly applicationId: string;
  readonly applicationName: string;
  /** Epoch ms when the old key stops working; the roll's own instant for "now". */
  readonly oldKeyStopsAt: number;
  readonly isOldKeyStopped: boolean;
}

/** The security mail of a key roll: which app, and when the old key stops. */
export function keyRolledMail(input: KeyRolledMailInput): Mail {
  const subject = `The API key of ${input.applicationName} was rolled`;
  const appUrl = `${input.publicUrl}${updateAppPath(input.applicationId)}`;
  const intro = `A new API key was made for your application ${input.applicationName} (${input.applicationId}).`;
  const stops = input.isOldKeyStopped
    ? 'The old key has stopped working.'
    : `The old key keeps working until ${new Date(input.oldKeyStopsAt).toUTCString()}, then it stops.`;
  const action = 'If you did not roll this key, roll it again now and change your password:';
  const e = escapeHtml;
  return brandedMail({
    ...input,
    subject,
    textLines: [intro, stops, '', action, appUrl],
    htmlParagraphs: [
      `<p>${e(intro)}</p>`,
      `<p>${e(stops)}</p>`,
      `<p>${e(action)}<br><a href="${e(appUrl)}">${e(appUrl)}</a></p>`,
    ],
  });
}
