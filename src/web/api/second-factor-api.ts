import { ApiPaths } from '../../contract/api-paths.js';
import type { AuthResponse } from '../../contract/auth.js';
import type { SecondFactorRequest } from '../../contract/two-factor.js';
import { placeHeader } from './auth-api.js';
import { call } from './http.js';

/**
 * The sign-in's second step: the challenge's `Session` and a code or recovery code. Apart from
 * `authApi`, so only the accounts asked for a second factor fetch it.
 */
export const secondFactorSignIn = (json: SecondFactorRequest) =>
  call<AuthResponse>('post', ApiPaths.signinSecondFactor, { json, headers: placeHeader() });
