/**
 * The one error type of the server. Services throw it with a code; `httpStatusOf` is the
 * one place that maps codes to HTTP statuses.
 */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

const STATUS: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/** Extra fields a client may read next to `status` and `message` (e.g. duplicateIPs). */
export type ErrorDetails = Readonly<Record<string, unknown>>;

export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }
}

export function httpStatusOf(code: ErrorCode): number {
  return STATUS[code];
}
