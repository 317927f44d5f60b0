import { usageApi, usageKeys } from '../../api/usage-api.js';
import { UsageSection } from '../../ui/usage/UsageSection.js';

/** The update screen's Usage section, over the developer's own call. */
export function AppUsage({ applicationId }: { applicationId: string }) {
  return (
    <UsageSection
      queryKey={usageKeys.of(applicationId)}
      load={(window) => usageApi.get(applicationId, window)}
    />
  );
}
