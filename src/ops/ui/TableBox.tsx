import type { ReactNode } from 'react';
import styles from './ops-ui.module.css';

/**
 * A table that scrolls sideways inside its box on a phone: focusable, so a keyboard can
 * scroll it too (WCAG 2.1.1), and named after the table.
 */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrolling region must be reachable by keyboard: the focus is the point.
    <div className={styles.tableBox} role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
