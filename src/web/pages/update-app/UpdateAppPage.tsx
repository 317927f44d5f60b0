import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { appQuery } from '../../api/apps-api.js';
import { errorMessage } from '../../api/http.js';
import { Button } from '../../ui/Button.js';
import { StatusBadge, StatusBadgePlaceholder } from '../../ui/StatusBadge.js';
import { AppPlaceholder, FormPlaceholder } from './AppPlaceholder.js';
import { BLOCK_NOTICE_ID, BlockNotice } from './BlockNotice.js';
import { DeleteApp } from './DeleteApp.js';
import { KeyTile } from './KeyTile.js';
import styles from './update-app-page.module.css';

// The form, the postbacks section and the usage section, with the form and validation libraries, load once the
// app's heading and key tile have been painted: neither the screen's first paint nor the key
// tile waits for them (decision 034).
const UpdateAppForm = lazy(async () => {
  await nextPaint();
  return { default: (await import('./UpdateAppForm.js')).UpdateAppForm };
});
const PostbacksSection = lazy(async () => {
  await nextPaint();
  return { default: (await import('./lower-sections.js')).PostbacksSection };
});
// The usage chart's code comes with the postbacks section's: not a byte of it in the first paint.
const AppUsage = lazy(async () => {
  await nextPaint();
  return { default: (await import('./lower-sections.js')).AppUsage };
});
const ConnectSessions = lazy(async () => {
  await nextPaint();
  return { default: (await import('./lower-sections.js')).ConnectSessions };
});

/**
 * Resolves after the frame that shows the heading and key tile has been painted: an animation frame asked
 * for inside an animation frame runs only after that paint. Written out here, not shared: a
 * shared module is a chunk of its own, whose name grows the main script (decision 034).
 */
async function nextPaint(): Promise<void> {
  await new Promise(requestAnimationFrame);
  await new Promise(requestAnimationFrame);
}

/** docs/product.md section 2, /update-app/{application_id}: the app is loaded on start. */
export default function UpdateAppPage() {
  const { applicationId = '' } = useParams();
  const app = useDeferredValue(useQuery(appQuery(applicationId)));
  if (app.data === undefined) {
    // docs/product.md section 8, view failure: the server's error message, under the screen's
    // own title, with a retry; while loading, the title and the layout with a loading status.
    return (
      <Screen>
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
      </Screen>
    );
  }
  const data = app.data;
  return (
    <Screen>
      <div className={styles.heading}>
        <img src={data.logoUrl} alt="" width={55} height={55} className={styles.logo} />
        <div className={styles.title}>
          <h1 id="update-title">{data.applicationName}</h1>
          <StatusBadge isActive={data.isActive} />
        </div>
        <DeleteApp app={data} />
      </div>
      {data.block !== null && <BlockNotice block={data.block} />}
      <div className={styles.layout}>
        <KeyTile app={data} />
        <Suspense fallback={<FormPlaceholder />}>
          {/* Keyed by id: the form starts from the stored app and keeps edits across refetches. */}
          <UpdateAppForm
            key={data.applicationId}
            app={data}
            blockNoticeId={data.block === null ? undefined : BLOCK_NOTICE_ID}
          />
        </Suspense>
      </div>
      <Suspense fallback={null}>
        <PostbacksSection applicationId={data.applicationId} />
      </Suspense>
      <Suspense fallback={null}>
        <AppUsage applicationId={data.applicationId} />
      </Suspense>
      <Suspense fallback={null}>
        <ConnectSessions applicationId={data.applicationId} />
      </Suspense>
    </Screen>
  );
}

/** The screen's section with its way back to My Apps, loading or loaded. */
function Screen({ children }: { children: ReactNode }) {
  return (
    <section className={styles.page} aria-labelledby="update-title">
      <Link to={ClientPaths.myApps} className={styles.back}>
        <ArrowLeft aria-hidden="true" size={18} /> {Messages.screens.goBack}
      </Link>
      {children}
    </section>
  );
}
