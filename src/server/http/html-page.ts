import { escapeHtml as e } from '../mail/html.js';

/** A whole server-made page: language, title, viewport, one stylesheet; no inline script or style. */
export function htmlPage(title: string, main: string, cssPath: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<title>${e(title)}</title>`,
    `<link rel="stylesheet" href="${cssPath}">`,
    '</head>',
    `<body><main>${main}</main></body>`,
    '</html>',
  ].join('\n');
}
