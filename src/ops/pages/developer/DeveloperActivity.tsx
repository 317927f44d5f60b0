import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { ActivityList } from '../../../web/pages/activity/ActivityList.js';
import { Button } from '../../../web/ui/Button.js';
import { developerKeys, developersApi } from '../../api/developers-api.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import styles from '../../ui/ops-ui.module.css';

const text = OpsMessages.developer;

/** The developer's activity log as they see it on /activity, a page at a time. */
export function DeveloperActivity({ developerId }: { developerId: string }) {
  // The cursors of the pages before this one: empty on the newest page.
  const [cursors, setCursors] = useState<readonly string[]>([]);
  const cursor = cursors.at(-1);
  const page = useQuery({
    queryKey: developerKeys.activity(developerId, cursor),
    queryFn: () => developersApi.activity(developerId, cursor),
    placeholderData: keepPreviousData,
  });
  const events = page.data?.events ?? [];
  const nextCursor = page.data?.nextCursor ?? null;
  return (
    <section className={styles.section} aria-labelledby="developer-activity">
      <h2 id="developer-activity">{text.activity}</h2>
      {page.isError && (
        <LoadFailed
          title={OpsMessages.page.loadFailed}
          error={page.error}
          retry={() => void page.refetch()}
        />
      )}
      {page.isSuccess && events.length === 0 && <p className={styles.muted}>{text.noActivity}</p>}
      {events.length > 0 && <ActivityList events={events} isBusy={page.isFetching} />}
      <nav className={styles.actions} aria-label={text.activityPages}>
        {cursors.length > 0 && (
          <Button variant="secondary" onClick={() => setCursors([])}>
            {text.newestActivity}
          </Button>
        )}
        {nextCursor !== null && (
          <Button variant="secondary" onClick={() => setCursors([...cursors, nextCursor])}>
            {text.olderActivity}
          </Button>
        )}
      </nav>
    </section>
  );
}
