import { Link } from 'react-router';
import { opsDeveloperPath, type OpsApplicationResponse } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { formatTime } from '../../../web/ui/format-time.js';
import { IpStates } from '../../ui/IpStates.js';
import styles from '../../ui/ops-ui.module.css';

const text = OpsMessages.application;

/** An application's settings, its keys (masked) and its IPs with their proof states. */
export function ApplicationDetails({ answer }: { answer: OpsApplicationResponse }) {
  const { application, developer } = answer;
  return (
    <>
      <section className={styles.section} aria-labelledby="application-details">
        <h2 id="application-details">{text.details}</h2>
        <dl className={styles.facts}>
          <dt>{text.status}</dt>
          <dd>{application.isActive ? text.active : text.paused}</dd>
          <dt>{text.owner}</dt>
          <dd>
            <Link to={opsDeveloperPath(developer.id)}>{developer.email}</Link> {developer.name}
          </dd>
          <dt>{text.clientId}</dt>
          <dd>
            <code>{application.clientId}</code>
          </dd>
          {application.algoId !== null && (
            <>
              <dt>{text.algoId}</dt>
              <dd>{application.algoId}</dd>
            </>
          )}
          <dt>{text.redirectUrl}</dt>
          <dd>{application.callbackUrl}</dd>
          {application.postbackUrl !== null && (
            <>
              <dt>{text.postbackUrl}</dt>
              <dd>{application.postbackUrl}</dd>
            </>
          )}
          <dt>{text.description}</dt>
          <dd>{application.description}</dd>
          <dt>{text.created}</dt>
          <dd>
            <time dateTime={application.createdAt}>{formatTime(application.createdAt)}</time>
          </dd>
        </dl>
      </section>
      <section className={styles.section} aria-labelledby="application-keys">
        <h2 id="application-keys">{text.keys}</h2>
        {application.keys.length === 0 ? (
          <p className={styles.muted}>{text.noKeys}</p>
        ) : (
          <ul className={styles.plainList}>
            {application.keys.map((key, index) => (
              <li key={key.masked}>
                <code>{key.masked}</code>{' '}
                <span className={styles.muted}>
                  {index === 0 ? text.keyCurrent : ''}{' '}
                  {key.expiresAt === null ? '' : text.keyExpires(formatTime(key.expiresAt))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="application-ips">
        <h2 id="application-ips">{text.ips}</h2>
        <IpStates ips={application.ips} label={text.ips} />
      </section>
    </>
  );
}
