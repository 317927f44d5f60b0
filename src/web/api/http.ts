import type { HTTPError, KyInstance, KyRequest } from 'ky';
import { ApiPaths, UNAUTHENTICATED_PATHS } from '../../contract/api-paths.js';
import { OPS_API_ROOT } from '../../contract/ops-api-root.js';
import type { RefreshResponse } from '../../contract/auth.js';
import type { ErrorCode } from '../../contract/error-codes.js';
import { Messages } from '../../contract/messages.js';
import { ClientPaths } from '../../contract/routes.js';
import { XsrfCookies } from '../../contract/xsrf.js';
import { clearSession, StorageKeys } from '../session/storage.js';
import { ApiError, unreachable } from './api-error.js';
import { startLoading } from './loading.js';

export { ApiError, errorMessage, hasErrorCode } from './api-error.js';

export const XSRF_HEADER = 'X-XSRF-TOKEN';
const REPLAY_HEADER = 'X-Portal-Replay';
// Each replay happens at most once: after a refused anti-forgery token, after a refresh.
const XSRF_REPLAY = 'xsrf';
const SESSION_REPLAY = 'session';

/** A 401 that refused a password typed again (key reveal), not the session. */
async function isPasswordRefusal(response: Response): Promise<boolean> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const code: ErrorCode = 'password_wrong';
  return body !== null && typeof body === 'object' && 'code' in body && body.code === code;
}

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found === undefined ? null : decodeURIComponent(found.slice(prefix.length));
}

/**
 * The anti-forgery token to echo: the server names its cookie `__Host-XSRF-TOKEN` over
 * https and `XSRF-TOKEN` over http; the `__Host-` one wins, as only it is trusted there.
 */
export function readXsrfCookie(): string | null {
  return readCookie(XsrfCookies.https) ?? readCookie(XsrfCookies.http);
}

/** No bearer and no refresh: the signed-out calls, and the console's (its own cookie session). */
function isUnauthenticated(request: KyRequest): boolean {
  const { pathname } = new URL(request.url);
  return UNAUTHENTICATED_PATHS.includes(pathname) || pathname.startsWith(`${OPS_API_ROOT}/`);
}

function isSameOrigin(request: KyRequest): boolean {
  return new URL(request.url).origin === window.location.origin;
}

function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

/**
 * A write refused for a missing or stale anti-forgery cookie comes back with a fresh one
 * (decision 015): true when the cookie now differs from the token the request carried.
 */
export function hasFreshXsrfCookie(sentToken: string | null): boolean {
  const current = readXsrfCookie();
  return current !== null && current !== sentToken;
}

/** docs/product.md section 8: 401 with no refresh token → /login, failing with 401 'Unauthorized'. */
function sendToLogin(): never {
  // The session is dead: without this, /login would send a still-unexpired token back here.
  clearSession();
  window.location.assign(ClientPaths.login);
  throw new ApiError(401, Messages.session.unauthorized);
}

// One refresh for all concurrent 401s of this tab (docs/product.md section 7).
let refreshing: Promise<string> | null = null;

/** The Web Locks name every tab of the portal takes around a refresh. */
export const REFRESH_LOCK = 'portal-session-refresh';

/**
 * Runs `task` holding the refresh lock of every tab of this origin. A browser without Web
 * Locks runs it at once: the server's 10 s reuse interval then keeps parallel tabs signed in.
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (!('locks' in navigator)) return task();
  return navigator.locks.request(REFRESH_LOCK, task);
}

/**
 * Holding the lock: when another tab refreshed while this one waited, its stored access
 * token differs from the refused one and is used as it is; otherwise this tab refreshes.
 */
async function refreshUnlessRenewed(refusedToken: string | null): Promise<string> {
  const stored = localStorage.getItem(StorageKeys.accessToken);
  if (stored !== null && stored !== refusedToken) return stored;
  const refreshToken = localStorage.getItem(StorageKeys.refreshToken);
  // Another tab logged out meanwhile.
  if (refreshToken === null) throw new ApiError(401, Messages.auth.sessionExpired);
  const { user_status: status } = await (
    await baseClient()
  )
    .post(new URL(ApiPaths.refresh, window.location.origin), {
      json: {
        refresh_token: refreshToken,
        id: localStorage.getItem(StorageKeys.developerId) ?? '',
      },
      retry: 0,
    })
    .json<RefreshResponse>();
  localStorage.setItem(StorageKeys.accessToken, status.AuthenticationResult.AccessToken);
  localStorage.setItem(StorageKeys.refreshToken, status.AuthenticationResult.RefreshToken);
  return status.AuthenticationResult.AccessToken;
}

/**
 * After a 401 of a call that carried `refusedToken`: one refresh shared by every caller and
 * every tab, or /login when there is no refresh token; a failed refresh shows its error in an
 * alert dialog, then /login (docs/product.md sections 7, 8).
 */
export async function renewAccessToken(refusedToken: string | null): Promise<string> {
  if (localStorage.getItem(StorageKeys.refreshToken) === null) sendToLogin();
  try {
    refreshing ??= withRefreshLock(() => refreshUnlessRenewed(refusedToken)).finally(() => {
      refreshing = null;
    });
    return await refreshing;
  } catch (error) {
    window.alert(await messageOf(error));
    sendToLogin();
  }
}

async function messageOf(error: unknown): Promise<string> {
  if (error instanceof ApiError) return error.message;
  if (isHttpError(error)) {
    const body: unknown = await error.response.json().catch(() => null);
    if (
      body !== null &&
      typeof body === 'object' &&
      'message' in body &&
      typeof body.message === 'string'
    ) {
      return body.message;
    }
  }
  return Messages.auth.sessionExpired;
}

/** How a request reaches the server: fetch, or another transport with its own extras. */
export type Transport = typeof fetch;

/**
 * The one HTTP client. Its hooks carry the session concerns of docs/product.md section 7 only: the
 * bearer header, the anti-forgery header, one retry, and the 401 refresh-and-replay. A
 * transport other than fetch (an upload with progress) gets the same client around it.
 */
function sessionClient(ky: KyModule['default'], transport?: Transport): KyInstance {
  const client: KyInstance = ky.create({
    ...(transport === undefined ? {} : { fetch: transport }),
    // One retry (docs/product.md section 9); writes that create things are not repeated (decision 009).
    retry: {
      limit: 1,
      methods: ['get', 'put', 'delete', 'head'],
      maxRetryAfter: 5_000,
      shouldRetry: ({ error }) => (error instanceof ApiError ? false : undefined),
    },
    timeout: 30_000,
    hooks: {
      beforeRequest: [
        (request) => {
          if (!isSameOrigin(request)) return;
          const token = localStorage.getItem(StorageKeys.accessToken);
          if (
            token !== null &&
            !isUnauthenticated(request) &&
            !request.headers.has('Authorization')
          ) {
            request.headers.set('Authorization', `Bearer ${token}`);
          }
          const xsrf = readXsrfCookie();
          if (xsrf !== null && isWrite(request.method)) {
            request.headers.set(XSRF_HEADER, xsrf);
          }
        },
      ],
      afterResponse: [
        // The refused write ran nothing on the server, so one replay is safe for any method;
        // beforeRequest puts the fresh cookie in its header.
        (request, _options, response) => {
          if (
            response.status !== 403 ||
            !isSameOrigin(request) ||
            !isWrite(request.method) ||
            request.headers.has(REPLAY_HEADER) ||
            !hasFreshXsrfCookie(request.headers.get(XSRF_HEADER))
          ) {
            return;
          }
          const headers = new Headers(request.headers);
          headers.delete(XSRF_HEADER);
          headers.set(REPLAY_HEADER, XSRF_REPLAY);
          return client(new Request(request, { headers }), { retry: 0 });
        },
        async (request, _options, response) => {
          if (
            response.status !== 401 ||
            isUnauthenticated(request) ||
            request.headers.get(REPLAY_HEADER) === SESSION_REPLAY ||
            (await isPasswordRefusal(response))
          ) {
            return;
          }
          const refused = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
          const accessToken = await renewAccessToken(refused);
          const headers = new Headers(request.headers);
          headers.set('Authorization', `Bearer ${accessToken}`);
          headers.set(REPLAY_HEADER, SESSION_REPLAY);
          return client(new Request(request, { headers }), { retry: 0 });
        },
      ],
    },
  });
  return client;
}

type KyModule = typeof import('ky');

let kyModule: Promise<KyModule> | undefined;
let loadedKy: KyModule | null = null;

/**
 * The HTTP library, fetched with the first call: no screen needs it to render, so the first
 * page does not wait for it (decision 029). A failed fetch is tried again with the next call.
 */
function loadKy(): Promise<KyModule> {
  kyModule ??= import('ky').then(
    (module) => {
      loadedKy = module;
      return module;
    },
    (error: unknown) => {
      kyModule = undefined;
      throw error;
    },
  );
  return kyModule;
}

/** An answer ky refused (status not 2xx); without the library loaded no call has answered. */
function isHttpError(error: unknown): error is HTTPError {
  return loadedKy !== null && error instanceof loadedKy.HTTPError;
}

let base: KyInstance | undefined;

async function baseClient(): Promise<KyInstance> {
  base ??= sessionClient((await loadKy()).default);
  return base;
}

/** The session client around `transport`, or the shared one around fetch. */
async function clientFor(transport: Transport | undefined): Promise<KyInstance> {
  if (transport === undefined) return baseClient();
  return sessionClient((await loadKy()).default, transport);
}

export interface CallOptions {
  readonly json?: unknown;
  readonly body?: FormData;
  readonly headers?: Readonly<Record<string, string>>;
  /** A background call (e.g. a validator) does not show the global spinner. */
  readonly background?: boolean;
  /** Sends through this transport instead of fetch, inside the same session client. */
  readonly transport?: Transport;
}

/** Makes one API call and returns its JSON, or throws an ApiError with the server's message. */
export async function call<T>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  options: CallOptions = {},
): Promise<T> {
  const done = options.background === true ? () => undefined : startLoading();
  try {
    const client = await clientFor(options.transport);
    return await client(new URL(path, window.location.origin), {
      method,
      ...(options.json === undefined ? {} : { json: options.json }),
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
    }).json<T>();
  } catch (error) {
    throw await apiErrorOf(error);
  } finally {
    done();
  }
}

/** A download through the same session layer (bearer, 401 replay): the answer's bytes. */
export async function download(path: string): Promise<Blob> {
  const done = startLoading();
  try {
    const client = await baseClient();
    return await client(new URL(path, window.location.origin), { method: 'get' }).blob();
  } catch (error) {
    throw await apiErrorOf(error);
  } finally {
    done();
  }
}

/** A failed call as an ApiError carrying the server's message and code. */
async function apiErrorOf(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (isHttpError(error)) {
    const body: unknown = await error.response.json().catch(() => ({}));
    const record =
      body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const message = typeof record.message === 'string' ? record.message : error.response.statusText;
    return new ApiError(error.response.status, message, record);
  }
  return unreachable();
}
