import { ClientPaths } from '../../contract/routes.js';
import { brandedMail, escapeHtml } from './html.js';
import type { Mail } from './mailer.js';

export interface IpChangeMailInput {
  readonly to: string;
  readonly name: string;
  readonly productName: string;
  readonly publicUrl: string;
  readonly appName: string;
  readonly before: readonly string[];
  readonly after: readonly string[];
}

const listOf = (ips: readonly string[]) => (ips.length === 0 ? 'none' : ips.join(', '));

/** The security notice of an allowlist change: the old and the new IPs. */
export function ipChangeMail(input: IpChangeMailInput): Mail {
  const subject = `The IP allowlist of "${input.appName}" was changed`;
  const activityUrl = `${input.publicUrl}${ClientPaths.activity}`;
  const facts: [string, string][] = [
    ['Application', input.appName],
    ['Previous IPs', listOf(input.before)],
    ['New IPs', listOf(input.after)],
  ];
  const ifNotYou =
    'If you did not make this change, reset your password now and review your activity log:';
  const e = escapeHtml;
  return brandedMail({
    ...input,
    subject,
    textLines: [...facts.map(([label, value]) => `${label}: ${value}`), '', ifNotYou, activityUrl],
    htmlParagraphs: [
      `<p>${facts.map(([label, value]) => `${e(label)}: ${e(value)}`).join('<br>')}</p>`,
      `<p>${e(ifNotYou)}<br><a href="${e(activityUrl)}">${e(activityUrl)}</a></p>`,
    ],
  });
}
