import type { ActivityEvent } from '../../../contract/activity.js';
import { activitySentence } from '../../../contract/activity-sentences.js';
import { Messages } from '../../../contract/messages.js';
import { formatTime } from '../../ui/format-time.js';
import styles from './activity-page.module.css';

const text = Messages.activity;

interface ActivityListProps {
  readonly events: readonly ActivityEvent[];
  readonly isBusy: boolean;
}

/**
 * Activity events newest first, each with its kind, the sentence that says what happened
 * (application by name, times as the screens write them), time, IP and device: the
 * developer's /activity screen and the operator console's developer page.
 */
export function ActivityList({ events, isBusy }: ActivityListProps) {
  return (
    <ol className={styles.list} aria-label={text.title} aria-busy={isBusy}>
      {events.map((event) => (
        <li key={event.id} className={styles.event}>
          <p className={styles.kind}>{text.kinds[event.kind]}</p>
          <p className={styles.sentence}>
            {activitySentence(event.kind, { details: event.details, time: formatTime })}
          </p>
          <dl className={styles.facts}>
            <dt>{text.when}</dt>
            <dd>
              <time dateTime={event.at}>{formatTime(event.at)}</time>
            </dd>
            {event.ip !== null && (
              <>
                <dt>{text.ipAddress}</dt>
                <dd>{event.ip}</dd>
              </>
            )}
            {event.device !== null && (
              <>
                <dt>{text.device}</dt>
                <dd>{event.device}</dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ol>
  );
}
