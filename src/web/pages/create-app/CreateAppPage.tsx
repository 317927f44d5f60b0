import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import formStyles from '../../ui/forms.module.css';
import styles from './create-app-page.module.css';

// The form, with the form and validation libraries, loads once the title has been painted:
// the screen's first paint does not wait for it (decision 034).
const CreateAppForm = lazy(async () => {
  await nextPaint();
  return { default: (await import('./CreateAppForm.js')).CreateAppForm };
});

/**
 * Resolves after the frame that shows the title has been painted: an animation frame asked
 * for inside an animation frame runs only after that paint. Written out here, not shared: a
 * shared module is a chunk of its own, whose name grows the main script (decision 034).
 */
async function nextPaint(): Promise<void> {
  await new Promise(requestAnimationFrame);
  await new Promise(requestAnimationFrame);
}

/** docs/product.md section 2, /create-app. */
export default function CreateAppPage() {
  return (
    <section className={styles.page} aria-labelledby="create-title">
      <Link to={ClientPaths.myApps} className={styles.back}>
        <ArrowLeft aria-hidden="true" size={18} /> {Messages.screens.goBack}
      </Link>
      <h1 id="create-title">{Messages.screens.createAppTitle}</h1>
      <p className={styles.subtitle}>{Messages.screens.createAppSubtitle}</p>
      <Suspense
        fallback={
          <div
            className={`${formStyles.form} ${styles.form} ${styles.formPlaceholder}`}
            aria-hidden="true"
          />
        }
      >
        <CreateAppForm />
      </Suspense>
    </section>
  );
}
