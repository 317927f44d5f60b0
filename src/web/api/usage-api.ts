import type { UsageResponse, UsageWindow } from '../../contract/usage.js';
import { call } from './http.js';
import { AppSectionPaths } from '../../contract/app-section-paths.js';

/** The developer's own application's gateway usage over a window. */
export const usageApi = {
  get: (applicationId: string, window: UsageWindow) =>
    call<UsageResponse>(
      'get',
      `${AppSectionPaths.usage(applicationId)}?${new URLSearchParams({ window }).toString()}`,
    ),
};

export const usageKeys = {
  of: (applicationId: string) => ['usage', applicationId] as const,
};
