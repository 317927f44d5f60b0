import type { OpsDeveloperResponse } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { formatTime } from '../../../web/ui/format-time.js';
import styles from '../../ui/ops-ui.module.css';

const text = OpsMessages.developer;

/** Who the developer is and the state of their account. */
export function DeveloperProfile({ developer }: { developer: OpsDeveloperResponse['developer'] }) {
  return (
    <section className={styles.section} aria-labelledby="developer-profile">
      <h2 id="developer-profile">{text.profile}</h2>
      <dl className={styles.facts}>
        <dt>{text.email}</dt>
        <dd>{developer.email}</dd>
        <dt>{text.name}</dt>
        <dd>{developer.name}</dd>
        <dt>{text.mobile}</dt>
        <dd>{developer.mobile}</dd>
        <dt>{text.state}</dt>
        <dd>{developer.state}</dd>
        {developer.clientCode !== null && (
          <>
            <dt>{text.clientCode}</dt>
            <dd>{developer.clientCode}</dd>
          </>
        )}
        <dt>{text.verified}</dt>
        <dd>{developer.isVerified ? text.verified : text.notVerified}</dd>
        <dt>{text.lockState}</dt>
        <dd>
          {developer.lockedUntil === null
            ? text.notLocked
            : text.locked(formatTime(developer.lockedUntil))}
        </dd>
        <dt>{text.created}</dt>
        <dd>
          <time dateTime={developer.createdAt}>{formatTime(developer.createdAt)}</time>
        </dd>
      </dl>
    </section>
  );
}
