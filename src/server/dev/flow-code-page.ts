import { DevPaths } from '../../contract/api-paths.js';
import { escapeHtml as e } from '../mail/html.js';
import { devPage, field, hidden } from './dev-pages.js';
import type { FlowStep } from './flow-provider.js';

/** The second step's form: the step token it repeats, and the code as typed so far. */
export interface FlowCodeValues {
  readonly step: FlowStep;
  readonly stepToken: string;
  readonly xsrf: string;
  readonly entered: string;
}

/**
 * The embedded provider's second step of a client sign-in: it shows its test code, where
 * the real login service would ask for the client's PIN or authenticator code.
 */
export function flowCodePage(productName: string, values: FlowCodeValues, error?: string): string {
  const { step } = values;
  const codeAttributes =
    ' type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6"';
  const codeField = field('code', 'Code (6 digits)', values.entered, error, codeAttributes);
  return devPage(
    `${error === undefined ? '' : 'Error: '}Second step | Embedded provider`,
    [
      '<h1>Second step: your code</h1>',
      `<p>Signing in as client <strong>${e(step.clientCode)}</strong> to <strong>${e(step.applicationId)}</strong>.</p>`,
      `<p>Embedded test provider: the ${e(productName)} login service asks here for the client's second factor (a PIN or an authenticator's code). For testing, this sign-in's code is <strong class="test-code">${e(step.code)}</strong>.</p>`,
      error === undefined
        ? ''
        : '<p class="error" role="alert">Please correct the field marked below.</p>',
      `<form method="post" action="${DevPaths.flowCode}" novalidate>`,
      hidden('step', values.stepToken),
      hidden('xsrf', values.xsrf),
      codeField,
      '<button type="submit">Sign in</button>',
      '</form>',
    ].join('\n'),
  );
}

/** A second step whose token was altered or is older than a hand-off token may live. */
export function flowStepExpiredPage(message: string): string {
  return devPage(
    'Error: Sign-in expired | Embedded provider',
    ['<h1>Sign-in expired</h1>', `<p class="error" role="alert">${e(message)}</p>`].join('\n'),
  );
}
