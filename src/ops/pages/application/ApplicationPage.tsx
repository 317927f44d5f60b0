import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { Button } from '../../../web/ui/Button.js';
import { UsageSection } from '../../../web/ui/usage/UsageSection.js';
import { applicationKeys, applicationsApi } from '../../api/applications-api.js';
import { KillSwitch } from '../../ui/KillSwitch.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { ReasonDialog } from '../../ui/ReasonDialog.js';
import { StatusRegion } from '../../ui/StatusRegion.js';
import styles from '../../ui/ops-ui.module.css';
import { ApplicationDetails } from './ApplicationDetails.js';
import { ConnectSessions } from './ConnectSessions.js';
import { usePageTitle } from '../../ui/use-page-title.js';

const text = OpsMessages.application;

/**
 * /ops/apps/:applicationId: the application, its keys and IPs, its owner; Pause or
 * Resume with a required reason (the developer gets it by e-mail), the result announced;
 * the kill switch, with the developer's block shown beside the application's; its Connect
 * sessions ended at once; its gateway usage as the developer sees it.
 */
export default function ApplicationPage() {
  const { applicationId = '' } = useParams();
  const queryClient = useQueryClient();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [result, setResult] = useState('');
  const answer = useQuery({
    queryKey: applicationKeys.one(applicationId),
    queryFn: () => applicationsApi.get(applicationId),
  });
  const data = answer.data;
  const heading = data?.application.name ?? text.details;
  usePageTitle(heading);
  const isActive = data?.application.isActive ?? true;
  const actionTitle = isActive ? text.pause : text.resume;
  const onDone = (message: string) => {
    setResult(message);
    void queryClient.invalidateQueries({ queryKey: applicationKeys.one(applicationId) });
  };
  return (
    <div className={styles.page}>
      <h1>{heading}</h1>
      <StatusRegion message={result} />
      {answer.isError && (
        <LoadFailed
          title={OpsMessages.page.loadFailed}
          error={answer.error}
          retry={() => void answer.refetch()}
        />
      )}
      {data !== undefined && (
        <>
          <div className={styles.actions}>
            <Button variant={isActive ? 'danger' : 'primary'} onClick={() => setIsDialogOpen(true)}>
              {actionTitle}
            </Button>
          </div>
          <ReasonDialog
            isOpen={isDialogOpen}
            title={actionTitle}
            label={text.reason}
            requiredMessage={text.reasonRequired}
            act={(reason) =>
              applicationsApi.setStatus(applicationId, {
                isActive: !isActive,
                reason: reason ?? '',
              })
            }
            onClose={() => setIsDialogOpen(false)}
            onDone={onDone}
          />
          <KillSwitch
            block={data.application.block}
            texts={text}
            outer={{ block: data.developer.block, blocked: OpsMessages.developer.blocked }}
            act={(blocked, reason) => applicationsApi.setBlock(applicationId, { blocked, reason })}
            onDone={onDone}
          />
          <ConnectSessions
            end={(reason) => applicationsApi.endConnect(applicationId, { reason })}
            onDone={onDone}
          />
          <ApplicationDetails answer={data} />
          <UsageSection
            queryKey={applicationKeys.usage(applicationId)}
            load={(window) => applicationsApi.usage(applicationId, window)}
          />
        </>
      )}
    </div>
  );
}
