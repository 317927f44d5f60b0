import styles from './ops-ui.module.css';

/**
 * The result of the page's last action. Rendered from the start, empty, so screen readers
 * announce the text when it arrives (WAI-ARIA status role).
 */
export function StatusRegion({ message }: { message: string }) {
  return (
    <p role="status" className={styles.status}>
      {message}
    </p>
  );
}
