import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { appsQuery } from '../../api/apps-api.js';
import { errorMessage } from '../../api/http.js';
import { Button } from '../../ui/Button.js';
import { AppCard } from './AppCard.js';
import styles from './my-apps-page.module.css';

/** docs/product.md section 2, /create-new-app: a card per app, or the empty state. */
export default function MyAppsPage() {
  const apps = useQuery(appsQuery);
  return (
    <section aria-labelledby="my-apps-title">
      <div className={styles.heading}>
        <h1 id="my-apps-title">{Messages.screens.myApps}</h1>
        {/* Loading and failed lists keep it too: only the empty state brings its own. */}
        {apps.data?.length !== 0 && (
          <Link to={ClientPaths.createApp} className={styles.create}>
            <Plus aria-hidden="true" size={18} /> {Messages.screens.createNewApp}
          </Link>
        )}
      </div>
      {apps.isError && (
        <div role="alert" className={styles.error}>
          <p>{errorMessage(apps.error)}</p>
          <Button
            variant="secondary"
            isLoading={apps.isFetching}
            disabled={apps.isFetching}
            onClick={() => void apps.refetch()}
          >
            {Messages.screens.retry}
          </Button>
        </div>
      )}
      {apps.data?.length === 0 && (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{Messages.screens.noAppsYet}</p>
          <p>{Messages.screens.noAppsHint}</p>
          <Link to={ClientPaths.createApp} className={styles.create}>
            <Plus aria-hidden="true" size={18} /> {Messages.screens.createNewApp}
          </Link>
        </div>
      )}
      {apps.data !== undefined && apps.data.length > 0 && (
        <ul className={styles.grid} aria-label="Your apps">
          {apps.data.map((app) => (
            <li key={app.applicationId}>
              <AppCard app={app} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
