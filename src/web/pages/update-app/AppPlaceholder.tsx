import { Messages } from '../../../contract/messages.js';
import styles from './update-app-page.module.css';

/**
 * While the app loads: the screen's own layout, the key tile beside the
 * form, drawn as empty blocks around a loading status, so nothing moves when the app arrives.
 */
export function AppPlaceholder() {
  return (
    <div className={styles.layout}>
      <div className={`${styles.tile} ${styles.placeholder}`} aria-hidden="true">
        <span className={styles.placeholderLine} />
        <span className={styles.placeholderLine} />
        <span className={styles.placeholderLine} />
      </div>
      <FormPlaceholder />
    </div>
  );
}

/** The form's box, empty around a loading status: also shown while the form's code loads. */
export function FormPlaceholder() {
  return (
    <div className={`${styles.form} ${styles.placeholder} ${styles.formPlaceholder}`}>
      <p role="status">{Messages.screens.loadingApp}</p>
      <span className={styles.placeholderLine} aria-hidden="true" />
      <span className={styles.placeholderLine} aria-hidden="true" />
      <span className={styles.placeholderLine} aria-hidden="true" />
      <span className={styles.placeholderLine} aria-hidden="true" />
    </div>
  );
}
