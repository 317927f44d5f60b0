import { ErrorStatus, type ErrorCode } from '../contract/error-codes.js';

export type { ErrorCode } from '../contract/error-codes.js';

/** Extra fields a client may read next to `status`, `code` and `message` (e.g. duplicateIPs). */
export type ErrorDetails = Readonly<Record<string, unknown>>;

/**
 * The one error type of the server. Services throw it with a code of src/contract/error-codes.ts,
 * which is also the one table that maps codes to HTTP statuses.
 */
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
  return ErrorStatus[code];
}
