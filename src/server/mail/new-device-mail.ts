import { ACCOUNT_SESSIONS_ID, ClientPaths } from '../../contract/routes.js';
import { brandedMail, escapeHtml } from './html.js';
import type { Mail } from './mailer.js';

export interface NewDeviceMailInput {
  readonly to: string;
  readonly name: string;
  readonly productName: string;
  readonly publicUrl: string;
  /** Epoch ms of the sign-in. */
  readonly at: number;
  readonly ip: string;
  /** The browser as the sessions list names it ("Chrome on Linux"). */
  readonly browser: string;
}

const BROWSER_SHOWN_MAX = 200;

/** The security mail of a sign-in from a browser that had not signed in to this account. */
export function newDeviceMail(input: NewDeviceMailInput): Mail {
  const subject = `New sign-in to your ${input.productName} developer account`;
  const sessionsUrl = `${input.publicUrl}${ClientPaths.account}#${ACCOUNT_SESSIONS_ID}`;
  const facts: [string, string][] = [
    ['When', new Date(input.at).toUTCString()],
    ['IP address', input.ip],
    ['Browser', input.browser.slice(0, BROWSER_SHOWN_MAX) || 'unknown'],
  ];
  const intro = 'Your account was just signed in to from a browser it had not been used on before.';
  const action =
    'If this was you, there is nothing to do. If not, sign that session out on your sessions list and reset your password:';
  const e = escapeHtml;
  return brandedMail({
    ...input,
    subject,
    textLines: [
      intro,
      '',
      ...facts.map(([label, value]) => `${label}: ${value}`),
      '',
      action,
      sessionsUrl,
    ],
    htmlParagraphs: [
      `<p>${e(intro)}</p>`,
      `<p>${facts.map(([label, value]) => `${e(label)}: ${e(value)}`).join('<br>')}</p>`,
      `<p>${e(action)}<br><a href="${e(sessionsUrl)}">${e(sessionsUrl)}</a></p>`,
    ],
  });
}
