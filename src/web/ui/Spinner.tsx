import styles from './spinner.module.css';
import hidden from './visually-hidden.module.css';

/** The global loading indicator of the root view (docs/product.md section 2). */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <span className={styles.wheel} aria-hidden="true" />
      <span className={hidden.visuallyHidden}>{label}</span>
    </div>
  );
}
