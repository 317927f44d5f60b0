import { Messages } from '../../contract/messages.js';
import styles from './status-badge.module.css';

/** The badge's box, empty, for a loading screen that keeps its layout. */
export function StatusBadgePlaceholder() {
  return (
    <span className={styles.placeholder} aria-hidden="true">
      {'\u00a0'}
    </span>
  );
}

/** Active or Paused (docs/product.md section 4). */
export function StatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <span className={isActive ? styles.active : styles.paused}>
      {isActive ? Messages.app.statusActive : Messages.app.statusPaused}
    </span>
  );
}
