import type { StatusResponse } from '../../contract/auth.js';
import type {
  RecoveryCodesResponse,
  TotpRemoveRequest,
  TotpStartResponse,
  TwoFactorStatus,
} from '../../contract/two-factor.js';
import { call } from './http.js';
import { withStepUp } from './step-up.js';
import { TwoFactorPaths } from '../../contract/two-factor-paths.js';

/** The account screen's second-factor calls (docs/decisions/063-developer-two-factor.md). */
export const twoFactorApi = {
  status: () => call<TwoFactorStatus>('get', TwoFactorPaths.status),
  start: () => withStepUp(() => call<TotpStartResponse>('post', TwoFactorPaths.totp)),
  confirm: (code: string) =>
    call<RecoveryCodesResponse>('post', TwoFactorPaths.totpConfirm, { json: { code } }),
  remove: (json: TotpRemoveRequest) =>
    call<StatusResponse>('post', TwoFactorPaths.totpRemove, { json }),
  regenerate: (code: string) =>
    call<RecoveryCodesResponse>('post', TwoFactorPaths.recoveryCodes, { json: { code } }),
};

export const twoFactorQuery = {
  queryKey: ['account', 'two-factor'] as const,
  queryFn: twoFactorApi.status,
};
