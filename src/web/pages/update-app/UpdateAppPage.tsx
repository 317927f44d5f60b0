import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { appKeys, appsApi } from '../../api/apps-api.js';
import { errorMessage } from '../../api/http.js';
import { Button } from '../../ui/Button.js';
import { StatusBadge, StatusBadgePlaceholder } from '../../ui/StatusBadge.js';
import { AppPlaceholder } from './AppPlaceholder.js';
import { DeleteApp } from './DeleteApp.js';
import { KeyTile } from './KeyTile.js';
import { PostbacksSection } from './PostbacksSection.js';
import { UpdateAppForm } from './UpdateAppForm.js';
import styles from './update-app-page.module.css';

/** docs/product.md section 2, /update-app/{application_id}: the app is loaded on start. */
export default function UpdateAppPage() {
  const { applicationId = '' } = useParams();
  const app = useQuery({
    queryKey: appKeys.one(applicationId),
    queryFn: () => appsApi.get(applicationId),
  });
  const goBack = (
    <Link to={ClientPaths.myApps} className={styles.back}>
      <ArrowLeft aria-hidden="true" size={18} /> {Messages.screens.goBack}
    </Link>
  );
  if (app.data === undefined) {
    // docs/product.md section 8, view failure: the server's error message, under the screen's
    // own title, with a retry; while loading, the title and the layout with a loading status.
    return (
      <section className={styles.page} aria-labelledby="update-title">
        {goBack}
        <div className={styles.heading}>
          {!app.isError && (
            <span className={`${styles.logo} ${styles.logoPlaceholder}`} aria-hidden="true" />
          )}
          <div className={styles.title}>
            <h1 id="update-title">{Messages.screens.updateAppTitle}</h1>
            {!app.isError && <StatusBadgePlaceholder />}
          </div>
        </div>
        {app.isError ? (
          <div role="alert" className={styles.loadError}>
            <p>{errorMessage(app.error)}</p>
            <Button
              variant="secondary"
              isLoading={app.isFetching}
              disabled={app.isFetching}
              onClick={() => void app.refetch()}
            >
              {Messages.screens.retry}
            </Button>
          </div>
        ) : (
          <AppPlaceholder />
        )}
      </section>
    );
  }
  const data = app.data;
  return (
    <section className={styles.page} aria-labelledby="update-title">
      {goBack}
      <div className={styles.heading}>
        <img src={data.logoUrl} alt="" width={55} height={55} className={styles.logo} />
        <div className={styles.title}>
          <h1 id="update-title">{data.applicationName}</h1>
          <StatusBadge isActive={data.isActive} />
        </div>
        <DeleteApp app={data} />
      </div>
      <div className={styles.layout}>
        <KeyTile app={data} />
        {/* Keyed by id: the form starts from the stored app and keeps edits across refetches. */}
        <UpdateAppForm key={data.applicationId} app={data} />
      </div>
      <PostbacksSection applicationId={data.applicationId} />
    </section>
  );
}
