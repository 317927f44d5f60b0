import { genericCodeOf, isErrorCode, type ErrorCode } from '../../contract/error-codes.js';

// Apart from the HTTP client so a screen can read a failed call's code without loading the
// client before its first call (decision 029).

/**
 * A failed call: the HTTP status (0 when the network failed), the server's message, and the
 * error code callers decide on (null when the network failed).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode | null;

  constructor(
    readonly status: number,
    message: string,
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    if (isErrorCode(body.code)) this.code = body.code;
    else this.code = status === 0 ? null : genericCodeOf(status);
  }
}

/** What a call that could not reach the server fails with. */
export function unreachable(): ApiError {
  return new ApiError(0, 'The portal could not be reached. Check your connection and try again.');
}

/** Whether `error` is a failed call with one of these codes. */
export function hasErrorCode(error: unknown, ...codes: readonly ErrorCode[]): error is ApiError {
  return error instanceof ApiError && error.code !== null && codes.includes(error.code);
}

/** The text to show for a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
