import { ApiPaths } from '../../contract/api-paths.js';
import type {
  AuthResponse,
  CodeCheckResponse,
  ConfirmRequest,
  ResetRequest,
  SendConfirmationResponse,
  SigninRequest,
  SignupRequest,
  StatusResponse,
} from '../../contract/auth.js';
import { PLACE_HEADER } from '../../contract/session-place.js';
import type { SignInChallenge } from '../../contract/two-factor.js';
import { unreachable } from './api-error.js';
import type { CallOptions } from './http.js';

/**
 * The HTTP client is fetched with the first call, not with the first page (decision 029);
 * a failed fetch of its code fails the call as an unreachable server.
 */
async function call<T>(
  method: 'get' | 'post',
  path: string,
  options: CallOptions = {},
): Promise<T> {
  const http = await import('./http.js').catch(() => {
    throw unreachable();
  });
  return http.call<T>(method, path, options);
}

/** The browser's IANA time zone: the place the sessions list shows (decision 021). */
export function placeHeader(): Record<string, string> {
  return { [PLACE_HEADER]: Intl.DateTimeFormat().resolvedOptions().timeZone };
}

/** The unauthenticated calls of docs/product.md section 7, one function each. */
export const authApi = {
  signup: (json: SignupRequest) => call<StatusResponse>('post', ApiPaths.signup, { json }),
  confirm: (json: ConfirmRequest) => call<StatusResponse>('post', ApiPaths.confirm, { json }),
  signin: (json: SigninRequest) =>
    call<AuthResponse | SignInChallenge>('post', ApiPaths.signin, {
      json,
      headers: placeHeader(),
    }),
  sendConfirmation: (email: string) =>
    call<SendConfirmationResponse>('post', ApiPaths.sendConfirmation, { json: { email } }),
  forgotPassword: (email: string) =>
    call<StatusResponse>('post', ApiPaths.forgotPassword, { json: { email } }),
  checkResetCode: (email: string, code: string) =>
    call<CodeCheckResponse>('post', ApiPaths.forgotPasswordVerify, {
      json: { email, code },
      background: true,
    }),
  resetPassword: (json: ResetRequest) =>
    call<StatusResponse>('post', ApiPaths.forgotPasswordConfirm, { json }),
  loginWithFlow: (auth: string, state: string) =>
    call<AuthResponse | SignInChallenge>(
      'get',
      `${ApiPaths.loginWithFlow}?${new URLSearchParams({ auth, state }).toString()}`,
      { headers: placeHeader() },
    ),
  logout: (refreshToken: string) =>
    call<StatusResponse>('post', ApiPaths.logout, {
      json: { refresh_token: refreshToken },
      background: true,
    }),
};

/** Whether the sign-in asks for the second factor (its `Session`) instead of signing in. */
export function isChallenge(answer: AuthResponse | SignInChallenge): answer is SignInChallenge {
  return 'Session' in answer.user_status;
}
