import { SignedOutMessages } from './messages-signed-out.js';
import { isValidEmail } from './rules.js';

/**
 * A rule of one text field with the message it shows, without the validation library: the
 * zod schemas of `fields.ts` are built from these, and the sign-in form checks with them
 * directly so the first page does not load the library (decision 029).
 */
export interface FieldCheck {
  readonly isValid: (value: string) => boolean;
  readonly message: string;
}

/** A missing or blank value shows only the "required" text: format rules pass blank values. */
export function required(message: string): FieldCheck {
  return { isValid: (s) => s.trim() !== '', message };
}

export function rule(isValid: (s: string) => boolean, message: string): FieldCheck {
  return { isValid: (s) => s.trim() === '' || isValid(s), message };
}

/** The message of the first check `value` fails, in order; undefined when it passes them all. */
export function firstFailure(value: string, checks: readonly FieldCheck[]): string | undefined {
  return checks.find((check) => !check.isValid(value))?.message;
}

export const EmailChecks: readonly FieldCheck[] = [
  required(SignedOutMessages.signup.emailRequired),
  rule(isValidEmail, SignedOutMessages.signup.emailInvalid),
];

// Sign-in checks presence only: accounts are judged by the server, not by today's policy.
export const LoginPasswordChecks: readonly FieldCheck[] = [
  { isValid: (s) => s.length > 0, message: SignedOutMessages.login.passwordRequired },
];
