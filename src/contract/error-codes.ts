/**
 * The stable `code` of every error body, beside its `message`. Clients decide on
 * the code, never on the message text, which may be reworded.
 *
 * The generic codes name an HTTP status; every error without a specific code carries the
 * generic one of its status. A specific code names one rule and implies its status.
 */
const GENERIC = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  expectation_failed: 417,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
  unavailable: 503,
} as const;

const SPECIFIC = {
  developer_exists: 409,
  developer_not_verified: 403,
  bad_credentials: 401,
  /** A password typed again to confirm an action (key reveal) is wrong: not the session. */
  password_wrong: 401,
  account_locked: 429,
  code_invalid: 400,
  code_expired: 400,
  code_attempts_exhausted: 400,
  code_resend_too_soon: 429,
  code_send_limit: 429,
  /** Too many wrong codes of one purpose today, from a browser the account never signed in from. */
  code_failures_locked: 429,
  /** The sign-in's second step came after its time, or after the password changed. */
  second_factor_challenge_expired: 401,
  /** DEVELOPER_2FA=required and the developer has no second factor yet: set one up first. */
  second_factor_required: 403,
  /** The change needs a second factor (or, without one, the password) of the last 5 minutes. */
  step_up_required: 403,
  ip_used_by_another_developer: 409,
  ip_change_cooldown: 409,
  supporting_document_required: 400,
  only_application: 409,
  /** The developer has `MAX_APPS_PER_DEVELOPER` applications already. */
  too_many_applications: 409,
  /** The developer's save asked to make active an application an operator holds paused. */
  application_held: 409,
  /** The test postback needs a saved postback URL. */
  postback_url_missing: 409,
  /** A replay of a postback whose own delivery is still waiting or running. */
  postback_pending: 409,
  /** A gateway's change-feed cursor is older than the change log keeps: it takes a new snapshot. */
  allowlist_cursor_gone: 410,
} as const;

export type GenericErrorCode = keyof typeof GENERIC;
export type ErrorCode = GenericErrorCode | keyof typeof SPECIFIC;

export const ErrorStatus: Readonly<Record<ErrorCode, number>> = { ...GENERIC, ...SPECIFIC };

export const ErrorCodes = Object.keys(ErrorStatus) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ErrorStatus, value);
}

/** The generic code of an HTTP status: its own, else 'bad_request' for 4xx and 'internal' for 5xx. */
export function genericCodeOf(status: number): GenericErrorCode {
  const found = (Object.keys(GENERIC) as GenericErrorCode[]).find(
    (code) => GENERIC[code] === status,
  );
  return found ?? (status >= 500 ? 'internal' : 'bad_request');
}
