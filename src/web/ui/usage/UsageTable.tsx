import { UsageMessages, UsageReasonLabels, type Usage } from '../../../contract/usage.js';
import { bucketName } from './usage-figures.js';
import styles from './usage.module.css';

const text = UsageMessages;

/** The chart's numbers as a table, bucket by bucket, for screen readers and for reading. */
export function UsageTable({ usage }: { usage: Usage }) {
  return (
    <details className={styles.details}>
      <summary>{text.showTable}</summary>
      <table className={styles.table}>
        <caption className={styles.caption}>{text.chartTitle[usage.window]}</caption>
        <thead>
          <tr>
            <th scope="col">{text.bucketHeading[usage.window]}</th>
            <th scope="col">{text.allowed}</th>
            <th scope="col">{text.refused}</th>
            <th scope="col">{text.reasonsHeading}</th>
          </tr>
        </thead>
        <tbody>
          {usage.buckets.map((bucket) => (
            <tr key={bucket.start}>
              <th scope="row">
                <time dateTime={bucket.start}>{bucketName(bucket.start, usage.window)}</time>
              </th>
              <td>{bucket.allowed}</td>
              <td>{bucket.refused}</td>
              <td>
                {bucket.reasons
                  .map(({ reason, count }) => `${UsageReasonLabels[reason]}: ${String(count)}`)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
