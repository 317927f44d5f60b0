import { ApiPaths } from '../../contract/api-paths.js';
import type { IpCheckResponse, MyIpResponse } from '../../contract/ip-check.js';
import { call } from './http.js';

/** The IP rows' read-only calls (docs/decisions/025), in the background: no global spinner. */
export const ipsApi = {
  check: (ips: readonly string[], applicationId: string | undefined) =>
    call<IpCheckResponse>('post', ApiPaths.ipCheck, {
      json: applicationId === undefined ? { ips } : { ips, applicationId },
      background: true,
    }),
  mine: () => call<MyIpResponse>('get', ApiPaths.myIp, { background: true }),
};

export const ipKeys = {
  mine: ['ips', 'mine'] as const,
  check: (applicationId: string | undefined, ips: readonly string[]) =>
    ['ips', 'check', applicationId ?? '', ...ips] as const,
};
