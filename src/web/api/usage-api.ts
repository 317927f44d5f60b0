import { ApiPaths } from '../../contract/api-paths.js';
import type { UsageResponse, UsageWindow } from '../../contract/usage.js';
import { call } from './http.js';

/** The developer's own application's gateway usage over a window. */
export const usageApi = {
  get: (applicationId: string, window: UsageWindow) =>
    call<UsageResponse>(
      'get',
      `${ApiPaths.usage(applicationId)}?${new URLSearchParams({ window }).toString()}`,
    ),
};

export const usageKeys = {
  of: (applicationId: string) => ['usage', applicationId] as const,
};
