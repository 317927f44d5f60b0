import type {
  PasswordChangeRequest,
  PasswordChangeResponse,
  ProfileResponse,
  ProfileUpdateRequest,
} from '../../contract/account.js';
import { ApiPaths } from '../../contract/api-paths.js';
import { StorageKeys } from '../session/storage.js';
import { call } from './http.js';
import { withStepUp } from './step-up.js';

/** The account screen's bearer calls, one function each. */
export const accountApi = {
  profile: () => call<ProfileResponse>('get', ApiPaths.accountProfile),
  updateProfile: (json: ProfileUpdateRequest) =>
    call<ProfileResponse>('put', ApiPaths.accountProfile, { json }),
  /**
   * Names this browser's session by its refresh token, so it stays signed in, and keeps the
   * fresh access token the answer carries (earlier ones are refused from now on).
   */
  async changePassword(passwords: Omit<PasswordChangeRequest, 'refresh_token'>) {
    const json: PasswordChangeRequest = {
      ...passwords,
      refresh_token: localStorage.getItem(StorageKeys.refreshToken) ?? '',
    };
    const answer = await withStepUp(() =>
      call<PasswordChangeResponse>('post', ApiPaths.accountPassword, { json }),
    );
    localStorage.setItem(
      StorageKeys.accessToken,
      answer.user_status.AuthenticationResult.AccessToken,
    );
    return answer;
  },
};

export const accountKeys = {
  profile: ['account', 'profile'] as const,
};

/** The profile's query, as the account screen and its route's loader ask it. */
export const profileQuery = { queryKey: accountKeys.profile, queryFn: accountApi.profile };
