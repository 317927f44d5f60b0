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
import { call } from './http.js';

/** The unauthenticated calls of docs/product.md section 7, one function each. */
export const authApi = {
  signup: (json: SignupRequest) => call<StatusResponse>('post', ApiPaths.signup, { json }),
  confirm: (json: ConfirmRequest) => call<StatusResponse>('post', ApiPaths.confirm, { json }),
  signin: (json: SigninRequest) => call<AuthResponse>('post', ApiPaths.signin, { json }),
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
  loginWithFlow: (auth: string) =>
    call<AuthResponse>(
      'get',
      `${ApiPaths.loginWithFlow}?${new URLSearchParams({ auth }).toString()}`,
    ),
  logout: (refreshToken: string) =>
    call<StatusResponse>('post', ApiPaths.logout, {
      json: { refresh_token: refreshToken },
      background: true,
    }),
};
