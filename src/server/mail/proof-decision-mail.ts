import { brandedMail, escapeHtml } from './html.js';
import type { Mail } from './mailer.js';

export interface ProofDecisionMailInput {
  readonly to: string;
  readonly name: string;
  readonly productName: string;
  readonly publicUrl: string;
  readonly appName: string;
  readonly ip: string;
  readonly isAccepted: boolean;
  /** The operator's reason for a rejection (required by `proofs reject`). */
  readonly reason?: string;
}

/** The operator's decision on a family-proof document, with the reason given. */
export function proofDecisionMail(input: ProofDecisionMailInput): Mail {
  const subject = input.isAccepted
    ? `Your proof for IP ${input.ip} was accepted`
    : `Your proof for IP ${input.ip} was not accepted`;
  const body = input.isAccepted
    ? `The supporting document for IP ${input.ip} on your application "${input.appName}" was accepted.`
    : `The supporting document for IP ${input.ip} on your application "${input.appName}" was not accepted. The IP stays on the application, waiting for a new document: you can send one from the application's page.`;
  const reason =
    input.reason === undefined || input.reason.trim() === ''
      ? []
      : [`Reason: ${input.reason.trim()}`];
  const e = escapeHtml;
  return brandedMail({
    ...input,
    subject,
    textLines: [body, ...reason],
    htmlParagraphs: [`<p>${e(body)}</p>`, ...reason.map((line) => `<p>${e(line)}</p>`)],
  });
}
