import { useNavigate } from 'react-router';
import type { Application } from '../../../contract/apps.js';
import { Messages } from '../../../contract/messages.js';
import { updateAppPath } from '../../../contract/routes.js';
import { formatDay } from '../../ui/format-time.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import hidden from '../../ui/visually-hidden.module.css';
import styles from './my-apps-page.module.css';

/** One app: the whole card opens it; 'View Details' is its keyboard-reachable link. */
export function AppCard({ app }: { app: Application }) {
  const navigate = useNavigate();
  const path = updateAppPath(app.applicationId);
  return (
    <article
      className={styles.card}
      onClick={() => void navigate(path)}
      aria-labelledby={`app-${app.applicationId}`}
    >
      <div className={styles.cardTop}>
        <img src={app.logoUrl} alt="" width={55} height={55} className={styles.logo} />
        <div>
          <h2 id={`app-${app.applicationId}`} className={styles.name}>
            {app.applicationName}
          </h2>
          <StatusBadge isActive={app.isActive} />
          {app.block !== null && <p className={styles.blocked}>{Messages.app.blockedBadge}</p>}
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{Messages.screens.applicationId}</dt>
          <dd>{app.applicationId}</dd>
        </div>
        <div>
          <dt>{Messages.screens.nextRenewalDate}</dt>
          <dd>{formatDay(app.renewalDate)}</dd>
        </div>
      </dl>
      <a
        href={path}
        className={styles.details}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          void navigate(path);
        }}
      >
        {Messages.screens.viewDetails}
        <span className={hidden.visuallyHidden}> for {app.applicationName}</span>
      </a>
    </article>
  );
}
