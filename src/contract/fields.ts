import * as z from 'zod/mini';
import {
  EmailChecks,
  LoginPasswordChecks,
  required as requiredCheck,
  rule as ruleCheck,
  type FieldCheck,
} from './field-checks.js';
import { Limits } from './limits.js';
import { Messages } from './messages.js';
import {
  isAllowedRedirectUrl,
  isBlankUrl,
  isValidCode,
  isValidIpEntry,
  isValidMobile,
  isValidMobileDigits,
  isValidName,
  isValidPassword,
  normalizeLineBreaks,
} from './rules.js';
import { IndianStates } from './states.js';

// (No `abort`: an aborted field would also silence the form-level checks, such as "passwords
// match", while other fields are still empty.)
function refine(check: FieldCheck) {
  return z.refine<string>(check.isValid, { error: check.message });
}

function required(message: string) {
  return refine(requiredCheck(message));
}

function rule(isValid: (s: string) => boolean, message: string) {
  return refine(ruleCheck(isValid, message));
}

export const EmailSchema = z
  .string({ error: Messages.signup.emailRequired })
  .check(...EmailChecks.map(refine));

export const NameSchema = z
  .string({ error: Messages.signup.nameRequired })
  .check(required(Messages.signup.nameRequired), rule(isValidName, Messages.signup.nameInvalid));

export const PasswordSchema = z
  .string({ error: Messages.signup.passwordPolicy })
  .check(z.refine<string>(isValidPassword, { error: Messages.signup.passwordPolicy }));

export const LoginPasswordSchema = z
  .string({ error: Messages.login.passwordRequired })
  .check(...LoginPasswordChecks.map(refine));

export const MobileDigitsSchema = z
  .string({ error: Messages.signup.mobileRequired })
  .check(
    required(Messages.signup.mobileRequired),
    rule(isValidMobileDigits, Messages.signup.mobileInvalid),
  );

export const MobileSchema = z
  .string({ error: Messages.signup.mobileRequired })
  .check(
    required(Messages.signup.mobileRequired),
    rule(isValidMobile, Messages.signup.mobileInvalid),
  );

export const StateSchema = z.enum(IndianStates, { error: Messages.signup.stateRequired });

export const CodeSchema = z
  .string({ error: Messages.resetPassword.codeRequired })
  .check(
    required(Messages.resetPassword.codeRequired),
    rule(isValidCode, Messages.resetPassword.codeFormat),
  );

export const DescriptionSchema = z
  .string()
  .check(
    z.overwrite(normalizeLineBreaks),
    z.maxLength(Limits.descriptionMax, Messages.app.descriptionTooLong),
  );

export const AppNameSchema = z
  .string({ error: Messages.app.appNameRequired })
  .check(
    required(Messages.app.appNameRequired),
    z.maxLength(Limits.appNameMax, Messages.app.appNameTooLong),
  );

export const ClientIdSchema = z
  .string({ error: Messages.app.clientIdRequired })
  .check(required(Messages.app.clientIdRequired));

/**
 * The client id with the provider's client-code shape: `pattern` is
 * the configured CLIENT_CODE_PATTERN, matched against the trimmed value. An application's
 * `stored` client id stays acceptable after the pattern changes, so the update screen, where
 * the field is read-only, can still save it (docs/product.md section 12).
 */
export function clientIdSchemaFor(pattern: string, stored?: string) {
  const shape = new RegExp(pattern, 'u');
  const isAccepted = (id: string) => id === '' || id === stored || shape.test(id);
  return ClientIdSchema.check(z.refine((s) => isAccepted(s.trim()), Messages.app.clientIdInvalid));
}

/** Redirect URL: required; https, or http on the local test host ('' allows none). */
export function redirectUrlSchemaFor(localTestHost: string) {
  return z.string({ error: Messages.app.redirectUrlRequired }).check(
    z.refine<string>((s) => !isBlankUrl(s), { error: Messages.app.redirectUrlRequired }),
    rule(
      (s) => isBlankUrl(s) || isAllowedRedirectUrl(s, localTestHost),
      Messages.app.redirectUrlInvalid,
    ),
  );
}

/**
 * Postback URL: optional (blank or the bare prefix); otherwise an https URL, or an http URL
 * of the local test host where there is one (embedded mode only).
 */
export function postbackUrlSchemaFor(localTestHost: string | null) {
  return z
    .string()
    .check(
      rule(
        (s) => isBlankUrl(s) || isAllowedRedirectUrl(s, localTestHost ?? ''),
        Messages.app.postbackUrlInvalid,
      ),
    );
}

export const RedirectUrlSchema = redirectUrlSchemaFor('');

export const PostbackUrlSchema = postbackUrlSchemaFor('');

export const IpEntrySchema = z.string().check(rule(isValidIpEntry, Messages.ips.invalid));

export type Email = z.infer<typeof EmailSchema>;
export type Name = z.infer<typeof NameSchema>;
export type Password = z.infer<typeof PasswordSchema>;
export type LoginPassword = z.infer<typeof LoginPasswordSchema>;
export type MobileDigits = z.infer<typeof MobileDigitsSchema>;
export type Mobile = z.infer<typeof MobileSchema>;
export type State = z.infer<typeof StateSchema>;
export type Code = z.infer<typeof CodeSchema>;
export type Description = z.infer<typeof DescriptionSchema>;
export type AppName = z.infer<typeof AppNameSchema>;
export type ClientId = z.infer<typeof ClientIdSchema>;
export type RedirectUrl = z.infer<typeof RedirectUrlSchema>;
export type PostbackUrl = z.infer<typeof PostbackUrlSchema>;
export type IpEntry = z.infer<typeof IpEntrySchema>;
