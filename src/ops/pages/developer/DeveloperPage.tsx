import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { developerKeys, developersApi } from '../../api/developers-api.js';
import { KillSwitch } from '../../ui/KillSwitch.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { StatusRegion } from '../../ui/StatusRegion.js';
import styles from '../../ui/ops-ui.module.css';
import { DeveloperActions } from './DeveloperActions.js';
import { DeveloperActivity } from './DeveloperActivity.js';
import { DeveloperApplications } from './DeveloperApplications.js';
import { DeveloperFactors } from './DeveloperFactors.js';
import { DeveloperProfile } from './DeveloperProfile.js';
import { DeveloperSessions } from './DeveloperSessions.js';
import { usePageTitle } from '../../ui/use-page-title.js';

/**
 * /ops/developers/:developerId: the profile, second factors, applications with their IPs'
 * proof states, sessions and activity log, support's actions, the kill switch on every
 * application and the reset of the factors; a done action's result is
 * announced and the page loaded again.
 */
export default function DeveloperPage() {
  const { developerId = '' } = useParams();
  const queryClient = useQueryClient();
  const [result, setResult] = useState('');
  const developer = useQuery({
    queryKey: developerKeys.one(developerId),
    queryFn: () => developersApi.get(developerId),
  });
  const onDone = (message: string) => {
    setResult(message);
    void queryClient.invalidateQueries({ queryKey: developerKeys.one(developerId) });
  };
  const data = developer.data;
  const heading = data?.developer.name ?? OpsMessages.developer.profile;
  usePageTitle(heading);
  return (
    <div className={styles.page}>
      <h1>{heading}</h1>
      <StatusRegion message={result} />
      {developer.isError && (
        <LoadFailed
          title={OpsMessages.page.loadFailed}
          error={developer.error}
          retry={() => void developer.refetch()}
        />
      )}
      {data !== undefined && (
        <>
          <DeveloperActions developer={data.developer} onDone={onDone} />
          <KillSwitch
            block={data.developer.block}
            texts={OpsMessages.developer}
            act={(blocked, reason) => developersApi.setBlock(developerId, { blocked, reason })}
            onDone={onDone}
          />
          <DeveloperProfile developer={data.developer} />
          <DeveloperFactors developer={data.developer} onDone={onDone} />
          <DeveloperApplications applications={data.applications} />
          <DeveloperSessions sessions={data.sessions} />
          <DeveloperActivity developerId={developerId} />
        </>
      )}
    </div>
  );
}
