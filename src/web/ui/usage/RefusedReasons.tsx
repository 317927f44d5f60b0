import { UsageMessages, UsageReasonLabels } from '../../../contract/usage.js';
import type { UsageTotals } from './usage-figures.js';
import styles from './usage.module.css';

/** The window's refusals by reason, most first, each with its count. */
export function RefusedReasons({ reasons }: { reasons: UsageTotals['reasons'] }) {
  if (reasons.length === 0) return null;
  return (
    <>
      <h3 id="usage-reasons">{UsageMessages.byReason}</h3>
      <ul className={styles.reasons} aria-labelledby="usage-reasons">
        {reasons.map(({ reason, count }) => (
          <li key={reason}>
            <span>{UsageReasonLabels[reason]}</span> <strong>{count}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}
