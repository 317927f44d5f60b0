import { ApiPaths } from '../../contract/api-paths.js';
import type { StatusResponse } from '../../contract/auth.js';
import type {
  RecoveryCodesResponse,
  TotpRemoveRequest,
  TotpStartResponse,
  TwoFactorStatus,
} from '../../contract/two-factor.js';
import { call } from './http.js';

/** The account screen's second-factor calls (docs/decisions/063-developer-two-factor.md). */
export const twoFactorApi = {
  status: () => call<TwoFactorStatus>('get', ApiPaths.twoFactor),
  start: () => call<TotpStartResponse>('post', ApiPaths.totp),
  confirm: (code: string) =>
    call<RecoveryCodesResponse>('post', ApiPaths.totpConfirm, { json: { code } }),
  remove: (json: TotpRemoveRequest) => call<StatusResponse>('post', ApiPaths.totpRemove, { json }),
  regenerate: (code: string) =>
    call<RecoveryCodesResponse>('post', ApiPaths.recoveryCodes, { json: { code } }),
};

export const twoFactorQuery = {
  queryKey: ['account', 'two-factor'] as const,
  queryFn: twoFactorApi.status,
};
