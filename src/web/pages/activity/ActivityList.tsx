import type { ActivityEvent } from '../../../contract/activity.js';
import { Messages } from '../../../contract/messages.js';
import { formatTime } from '../../ui/format-time.js';
import { applicationOf, describeDetails } from './describe-event.js';
import styles from './activity-page.module.css';

const text = Messages.activity;

interface ActivityListProps {
  readonly events: readonly ActivityEvent[];
  readonly isBusy: boolean;
}

/**
 * Activity events newest first, each with its kind, time, application, IP, device and
 * details: the developer's /activity screen and the operator console's developer page.
 */
export function ActivityList({ events, isBusy }: ActivityListProps) {
  return (
    <ol className={styles.list} aria-label={text.title} aria-busy={isBusy}>
      {events.map((event) => {
        const application = applicationOf(event);
        const lines = describeDetails(event.details);
        return (
          <li key={event.id} className={styles.event}>
            <p className={styles.kind}>{text.kinds[event.kind]}</p>
            <dl className={styles.facts}>
              <dt>{text.when}</dt>
              <dd>
                <time dateTime={event.at}>{formatTime(event.at)}</time>
              </dd>
              {application !== '' && (
                <>
                  <dt>{text.application}</dt>
                  <dd>{application}</dd>
                </>
              )}
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
            {lines.length > 0 && (
              <ul className={styles.details}>
                {lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
