import { OpsApiPaths, OpsClientPaths } from '../../contract/ops.js';
import { ApiError, hasErrorCode } from '../../web/api/api-error.js';
import { call, download, type CallOptions } from '../../web/api/http.js';
import { loginPathWith } from '../session/login-notice.js';

export { ApiError, errorMessage, hasErrorCode } from '../../web/api/api-error.js';

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * A call that found no live console session (idle 30 minutes, 12 hours, signed out in
 * another tab): the operator goes to the console's sign-in, told why. The sign-in and the
 * session check answer 401 themselves and are left to their callers.
 */
function endedSession(error: unknown, path: string): boolean {
  return (
    path !== OpsApiPaths.session &&
    hasErrorCode(error, 'unauthorized') &&
    window.location.pathname !== OpsClientPaths.login
  );
}

/**
 * One console API call through the portal's one HTTP client (anti-forgery header, retry,
 * error codes); the console's cookie session goes with it, never the developer's bearer.
 * Fails with an ApiError carrying the server's message and code.
 */
export async function opsCall<T>(method: Method, path: string, options?: CallOptions): Promise<T> {
  try {
    return await call<T>(method, path, options);
  } catch (error) {
    if (endedSession(error, path)) window.location.assign(loginPathWith('ended'));
    throw error;
  }
}

/** A download (the audit CSV) through the same client, the same way. */
export async function opsDownload(path: string): Promise<Blob> {
  try {
    return await download(path);
  } catch (error) {
    if (endedSession(error, path)) window.location.assign(loginPathWith('ended'));
    throw error;
  }
}

/** Whether a failed call was refused for the operator's role (403 forbidden). */
export function isForbidden(error: unknown): error is ApiError {
  return hasErrorCode(error, 'forbidden');
}
