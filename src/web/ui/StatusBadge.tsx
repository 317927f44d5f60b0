import { Messages } from '../../contract/messages.js';
import styles from './status-badge.module.css';

/** Active or Paused (docs/product.md section 4). */
export function StatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <span className={isActive ? styles.active : styles.paused}>
      {isActive ? Messages.app.statusActive : Messages.app.statusPaused}
    </span>
  );
}
