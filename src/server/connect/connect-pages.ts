import { CONNECT_SCOPE_TEXT, ConnectPageTexts as t, ConnectPaths } from '../../contract/connect.js';
import { htmlPage } from '../http/html-page.js';
import { escapeHtml as e } from '../mail/html.js';
import type { ConsentView } from './connect.service.js';

export const CONNECT_CSS_PATH = '/oauth/connect.css';

/** A sign-in that cannot go back to the application: what went wrong, in words. */
export function connectErrorPage(productName: string, message: string): string {
  return htmlPage(
    `${t.failedTitle} | ${productName}`,
    [`<h1>${t.failedTitle}</h1>`, `<p role="alert">${e(message)}</p>`].join('\n'),
    CONNECT_CSS_PATH,
  );
}

/** Allow or Deny: who asks, on whose behalf, for what. */
export function consentPage(productName: string, view: ConsentView, xsrf: string): string {
  const { app } = view;
  const scopes = view.scopes.map((s) => `<li>${e(CONNECT_SCOPE_TEXT[s] ?? s)}</li>`).join('');
  return htmlPage(
    `${t.consentTitle(app.name)} | ${productName}`,
    [
      '<header class="app">',
      `<img src="${e(app.logoUrl)}" alt="" width="56" height="56">`,
      `<div><h1>${e(t.consentHeading(app.name))}</h1>`,
      `<p>${e(t.byDeveloper(app.developerName))} ${t.signedInAs} <strong>${e(view.clientCode)}</strong>.</p></div>`,
      '</header>',
      `<h2>${e(t.mayDo(app.name))}</h2>`,
      `<ul>${scopes}</ul>`,
      `<p>${t.until}</p>`,
      `<form method="post" action="${ConnectPaths.consent}">`,
      `<input type="hidden" name="request" value="${e(view.requestId)}">`,
      `<input type="hidden" name="xsrf" value="${e(xsrf)}">`,
      '<div class="actions">',
      `<button type="submit" name="decision" value="deny" class="secondary">${t.deny}</button>`,
      `<button type="submit" name="decision" value="allow">${t.allow}</button>`,
      '</div>',
      '</form>',
    ].join('\n'),
    CONNECT_CSS_PATH,
  );
}

export const CONNECT_CSS = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #f6f7f9; }
main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; }
h1 { font-size: 1.35rem; margin: 0; overflow-wrap: anywhere; }
h2 { font-size: 1.05rem; margin: 1.25rem 0 .5rem; overflow-wrap: anywhere; }
.app { display: flex; gap: 1rem; align-items: flex-start; }
.app img { border-radius: 8px; flex: none; }
.actions { display: flex; gap: .75rem; justify-content: flex-end; flex-wrap: wrap; }
button { padding: .6rem 1.2rem; font: inherit; color: #fff; background: #1d4ed8; border: 1px solid #1d4ed8; border-radius: 4px; cursor: pointer; }
button.secondary { color: #1d4ed8; background: #fff; }
button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
@media (max-width: 480px) { main { margin: 0; border-radius: 0; } }
`;
