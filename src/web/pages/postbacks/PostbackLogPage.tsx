import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Messages } from '../../../contract/messages.js';
import {
  POSTBACK_STATES,
  PostbackStateSchema,
  type PostbackState,
} from '../../../contract/postbacks.js';
import { updateAppPath } from '../../../contract/routes.js';
import { appQuery } from '../../api/apps-api.js';
import { errorMessage } from '../../api/http.js';
import { postbackKeys, postbacksApi } from '../../api/postbacks-api.js';
import { Button } from '../../ui/Button.js';
import { PostbackEventItem } from './PostbackEventItem.js';
import styles from './postback-log.module.css';

const text = Messages.postbacks;
const ALL = 'all';

/**
 * /update-app/{id}/postbacks: the application's last 100 postbacks newest first,
 * filtered by state, each with its attempts and a replay.
 */
export default function PostbackLogPage() {
  const { applicationId = '' } = useParams();
  const [state, setState] = useState<PostbackState | undefined>(undefined);
  const app = useQuery(appQuery(applicationId));
  const list = useQuery({
    queryKey: postbackKeys.list(applicationId, state),
    queryFn: () => postbacksApi.list(applicationId, state),
    placeholderData: keepPreviousData,
  });
  const events = list.data?.events ?? [];

  return (
    <section className={styles.page} aria-labelledby="postbacks-title">
      <Link to={updateAppPath(applicationId)} className={styles.back}>
        <ArrowLeft aria-hidden="true" size={18} /> {text.back}
      </Link>
      <h1 id="postbacks-title">{text.logTitle}</h1>
      {app.data !== undefined && (
        <p className={styles.lead}>{text.logLead(app.data.applicationName)}</p>
      )}
      <label className={styles.filter}>
        <span>{text.filterLabel}</span>
        <select
          value={state ?? ALL}
          onChange={(event) => {
            const picked = PostbackStateSchema.safeParse(event.target.value);
            setState(picked.success ? picked.data : undefined);
          }}
        >
          <option value={ALL}>{text.filterAll}</option>
          {POSTBACK_STATES.map((option) => (
            <option key={option} value={option}>
              {text.states[option]}
            </option>
          ))}
        </select>
      </label>

      {list.isError && (
        <div role="alert" className={styles.error}>
          <p>
            {text.loadFailed} {errorMessage(list.error)}
          </p>
          <Button
            variant="secondary"
            isLoading={list.isFetching}
            disabled={list.isFetching}
            onClick={() => void list.refetch()}
          >
            {Messages.screens.retry}
          </Button>
        </div>
      )}
      {list.isPending && <p role="status">{text.loading}</p>}
      {list.isSuccess && events.length === 0 && (
        <p>{state === undefined ? text.empty : text.emptyFiltered}</p>
      )}
      {events.length > 0 && (
        <ol className={styles.list} aria-label={text.logTitle} aria-busy={list.isFetching}>
          {events.map((event) => (
            <PostbackEventItem key={event.eventId} applicationId={applicationId} event={event} />
          ))}
        </ol>
      )}
    </section>
  );
}
