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

/**
 * The frame every branded mail shares: title, the product heading, the greeting, the
 * body's paragraphs (HTML, escaped by the caller) and the signature with the portal link.
 */
export function brandedMailHtml(input: {
  readonly title: string;
  readonly productName: string;
  readonly name: string;
  readonly paragraphs: readonly string[];
  readonly publicUrl: string;
}): string {
  const e = escapeHtml;
  const signature = `${input.productName} Developers`;
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${e(input.title)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">',
    `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${e(signature)}</p>`,
    `<p>Hello ${e(input.name)},</p>`,
    ...input.paragraphs,
    `<p>${e(signature)}<br><a href="${e(input.publicUrl)}">${e(input.publicUrl)}</a></p>`,
    '</body></html>',
  ].join('\n');
}
