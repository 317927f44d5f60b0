import type { Mail } from './mailer.js';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes a value for HTML text and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

export interface BrandedMailInput {
  readonly to: string;
  readonly subject: string;
  readonly productName: string;
  readonly name: string;
  readonly publicUrl: string;
  /** A line before the greeting (the text's first line, the HTML title); none by default. */
  readonly lead?: string;
  /** The text body between the greeting and the signature. */
  readonly textLines: readonly string[];
  /** The same body as HTML paragraphs, escaped by the caller. */
  readonly htmlParagraphs: readonly string[];
}

/**
 * The frame every branded mail shares, in text and HTML: the product heading (HTML), the
 * greeting, the body, and the signature with the portal link.
 */
export function brandedMail(input: BrandedMailInput): Mail {
  const e = escapeHtml;
  const signature = `${input.productName} Developers`;
  const text = [
    ...(input.lead === undefined ? [] : [input.lead, '']),
    `Hello ${input.name},`,
    '',
    ...input.textLines,
    '',
    signature,
    input.publicUrl,
  ].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${e(input.lead ?? input.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">',
    `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${e(signature)}</p>`,
    `<p>Hello ${e(input.name)},</p>`,
    ...input.htmlParagraphs,
    `<p>${e(signature)}<br><a href="${e(input.publicUrl)}">${e(input.publicUrl)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: input.subject, text, html };
}

/** What a security notice says: what just happened, and what to do if it was not the reader. */
export interface SecurityNotice {
  readonly subject: string;
  readonly what: string;
  /** The advice, ending with a colon: the link follows it. */
  readonly ifNotYou: string;
  readonly url: string;
}

/** A security notice in the branded frame: the subject as lead, what happened, the advice and its link. */
export function securityNoticeMail(
  input: Omit<BrandedMailInput, 'subject' | 'lead' | 'textLines' | 'htmlParagraphs'>,
  notice: SecurityNotice,
): Mail {
  const e = escapeHtml;
  return brandedMail({
    ...input,
    subject: notice.subject,
    lead: `${notice.subject}.`,
    textLines: [notice.what, `${notice.ifNotYou} ${notice.url}`],
    htmlParagraphs: [
      `<p>${e(notice.what)}</p>`,
      `<p>${e(notice.ifNotYou)}</p>`,
      `<p><a href="${e(notice.url)}">${e(notice.url)}</a></p>`,
    ],
  });
}
