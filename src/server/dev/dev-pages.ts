import { htmlPage } from '../http/html-page.js';
import { escapeHtml as e } from '../mail/html.js';
import type { StoredMail } from '../mail/mailbox.repository.js';
import type { ReceivedPostback } from './postback-inbox.js';

export const DEV_CSS_PATH = '/dev/dev.css';

/** A /dev page with the /dev stylesheet. */
export function devPage(title: string, main: string): string {
  return htmlPage(title, main, DEV_CSS_PATH);
}

export interface FlowFormValues {
  readonly applicationId: string;
  /** The portal's state, sent back with the token. */
  readonly state: string;
  /** `connect` when a trading client signs in to an application (docs/connect.md). */
  readonly purpose: string;
  /** The anti-forgery token the post repeats. */
  readonly xsrf: string;
  readonly clientCode: string;
  readonly name: string;
  readonly email: string;
  readonly emailVerified: boolean;
}

export type FlowFormErrors = Partial<Record<'clientCode' | 'name' | 'email', string>>;

/** A form's hidden field. */
export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${e(value)}">`;
}

/** A labelled input, marked invalid with its message under it when `error` is set. */
export function field(
  id: string,
  label: string,
  value: string,
  error: string | undefined,
  extra: string,
): string {
  const invalid = error === undefined ? '' : ` aria-invalid="true" aria-describedby="${id}-error"`;
  return [
    '<div class="field">',
    `<label for="${id}">${e(label)}</label>`,
    `<input id="${id}" name="${id}" value="${e(value)}" required${extra}${invalid}>`,
    error === undefined ? '' : `<p id="${id}-error" class="error">${e(error)}</p>`,
    '</div>',
  ].join('');
}

/** The embedded hand-off login form (GET, and again with errors after a bad POST). */
export function flowPage(
  productName: string,
  values: FlowFormValues,
  errors: FlowFormErrors = {},
): string {
  const hasErrors = Object.keys(errors).length > 0;
  return devPage(
    `${hasErrors ? 'Error: ' : ''}Sign in with ${productName} | Embedded provider`,
    [
      `<h1>Sign in with ${e(productName)}</h1>`,
      `<p>Embedded test provider: it stands in for the ${e(productName)} login service and signs you in to <strong>${e(values.applicationId)}</strong>.</p>`,
      hasErrors ? '<p class="error" role="alert">Please correct the fields marked below.</p>' : '',
      '<form method="post" action="/dev/flow" novalidate>',
      hidden('applicationId', values.applicationId),
      hidden('state', values.state),
      hidden('purpose', values.purpose),
      hidden('xsrf', values.xsrf),
      field(
        'client_code',
        'Client code',
        values.clientCode,
        errors.clientCode,
        ' type="text" autocomplete="off"',
      ),
      field('name', 'Name', values.name, errors.name, ' type="text" autocomplete="name"'),
      field('email', 'E-mail', values.email, errors.email, ' type="email" autocomplete="email"'),
      '<div class="field check">',
      `<input id="email_verified" name="email_verified" type="checkbox" value="true"${values.emailVerified ? ' checked' : ''}>`,
      '<label for="email_verified">The provider has verified this e-mail (email_verified)</label>',
      '</div>',
      '<button type="submit">Continue</button>',
      '</form>',
    ].join('\n'),
  );
}

/** The embedded mailbox, newest first. */
export function mailboxPage(productName: string, messages: readonly StoredMail[]): string {
  const items = messages.map((m) => {
    const time = new Date(m.createdAt).toISOString();
    return [
      '<article>',
      `<h2>${e(m.subject)}</h2>`,
      `<dl><dt>To</dt><dd>${e(m.toAddress)}</dd>`,
      `<dt>Time</dt><dd><time datetime="${time}">${time}</time></dd></dl>`,
      `<pre>${e(m.textBody)}</pre>`,
      '</article>',
    ].join('\n');
  });
  return devPage(
    `Mailbox | ${productName} Developers`,
    [
      '<h1>Mailbox</h1>',
      `<p>Mail the portal sent in embedded mode, newest first (${messages.length}). As JSON: <a href="/dev/mail/messages">/dev/mail/messages</a>.</p>`,
      items.length === 0 ? '<p>No messages yet.</p>' : items.join('\n'),
    ].join('\n'),
  );
}

/** The embedded postback receiver's log, newest first. */
export function postbacksPage(
  productName: string,
  receiverUrl: string,
  postbacks: readonly ReceivedPostback[],
): string {
  const items = postbacks.map((p) => {
    const time = new Date(p.receivedAt).toISOString();
    const headers = Object.entries(p.headers).map(([name, value]) => `${name}: ${value}`);
    return [
      '<article>',
      `<h2>${e(p.method)} ${e(p.url)}</h2>`,
      `<dl><dt>Time</dt><dd><time datetime="${time}">${time}</time></dd></dl>`,
      `<h3>Headers</h3><pre>${e(headers.join('\n'))}</pre>`,
      `<h3>Body</h3><pre>${e(p.body)}</pre>`,
      '</article>',
    ].join('\n');
  });
  return devPage(
    `Postbacks | ${productName} Developers`,
    [
      '<h1>Postbacks</h1>',
      `<p>Set <code>${e(receiverUrl)}</code> as an application's postback URL: what the portal posts there shows here, newest first (the last 100 since this process started; ${postbacks.length} now). As JSON: <a href="/dev/postbacks/requests">/dev/postbacks/requests</a>.</p>`,
      items.length === 0 ? '<p>No postbacks yet.</p>' : items.join('\n'),
    ].join('\n'),
  );
}

export const DEV_CSS = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #f6f7f9; }
main { max-width: 40rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; }
h1 { font-size: 1.5rem; margin-top: 0; }
h2 { font-size: 1.1rem; margin: 0 0 .5rem; overflow-wrap: anywhere; }
h3 { font-size: 1rem; margin: .5rem 0 .25rem; }
.field { margin-bottom: 1rem; }
label { display: block; font-weight: 600; margin-bottom: .25rem; }
input { box-sizing: border-box; width: 100%; padding: .5rem; font: inherit; border: 1px solid #6b7280; border-radius: 4px; }
input[aria-invalid="true"] { border-color: #b91c1c; }
.check { display: flex; gap: .5rem; align-items: center; }
.check input { width: auto; }
.check label { display: inline; margin: 0; }
.error { color: #b91c1c; margin: .25rem 0 0; }
button { padding: .6rem 1.2rem; font: inherit; color: #fff; background: #1d4ed8; border: 0; border-radius: 4px; cursor: pointer; }
button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
article { border-top: 1px solid #d1d5db; padding: 1rem 0; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 .5rem; }
dt { font-weight: 600; }
dd { margin: 0; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f3f4f6; padding: .75rem; border-radius: 4px; }
`;
