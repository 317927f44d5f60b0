import { isValidEmail } from '../../contract/rules.js';

/** The identity a hand-off token carries, as the portal uses it. */
export interface FlowIdentity {
  readonly clientCode: string;
  readonly name: string;
  readonly email: string;
  /** The provider vouches that the e-mail is this person's: only then may it join an existing account. */
  readonly emailVerified: boolean;
}

// Ours: no spec limit; the client code and name are shown in pages and mail.
const CLIENT_CODE_MAX = 64;
const NAME_MAX = 100;
const CONTROL = /\p{Cc}/u;

function isPlainText(value: string, max: number): boolean {
  return value.trim() !== '' && value.length <= max && !CONTROL.test(value);
}

export function isValidClientCode(value: string): boolean {
  return isPlainText(value, CLIENT_CODE_MAX);
}

export function isValidFlowName(value: string): boolean {
  return isPlainText(value, NAME_MAX);
}

/**
 * Reads client_code, name and email from verified claims; null when one is unusable. The
 * e-mail counts as verified only for `email_verified: true` (OpenID Connect's claim).
 */
export function flowIdentityOf(claims: Readonly<Record<string, unknown>>): FlowIdentity | null {
  const { client_code: clientCode, name, email } = claims;
  if (typeof clientCode !== 'string' || typeof name !== 'string' || typeof email !== 'string') {
    return null;
  }
  const identity = {
    clientCode: clientCode.trim(),
    name: name.trim(),
    email: email.trim(),
    emailVerified: claims.email_verified === true,
  };
  return isValidClientCode(identity.clientCode) &&
    isValidFlowName(identity.name) &&
    isValidEmail(identity.email)
    ? identity
    : null;
}
