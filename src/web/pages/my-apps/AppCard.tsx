import { useNavigate } from 'react-router';
import type { Application } from '../../../contract/apps.js';
import { Messages } from '../../../contract/messages.js';
import { updateAppPath } from '../../../contract/routes.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import hidden from '../../ui/visually-hidden.module.css';
import styles from './my-apps-page.module.css';

/**
 * 'Next Renewal Date' shows the date part only (docs/product.md section 2), in the viewer's
 * own time zone: the UTC date is a day early after 18:30 in India.
 */
export function renewalDay(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

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
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{Messages.screens.applicationId}</dt>
          <dd>{app.applicationId}</dd>
        </div>
        <div>
          <dt>{Messages.screens.nextRenewalDate}</dt>
          <dd>{renewalDay(app.renewalDate)}</dd>
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
