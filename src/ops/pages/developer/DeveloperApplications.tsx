import { Link } from 'react-router';
import { opsApplicationPath, type OpsDeveloperResponse } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { IpStates } from '../../ui/IpStates.js';
import styles from '../../ui/ops-ui.module.css';

const text = OpsMessages.developer;
const appText = OpsMessages.application;

/** The developer's applications, each linking to its page, with its IPs' proof states. */
export function DeveloperApplications({
  applications,
}: {
  applications: OpsDeveloperResponse['applications'];
}) {
  return (
    <section className={styles.section} aria-labelledby="developer-applications">
      <h2 id="developer-applications">{text.applications}</h2>
      {applications.length === 0 ? (
        <p className={styles.muted}>{text.noApplications}</p>
      ) : (
        <ul className={styles.plainList}>
          {applications.map((application) => (
            <li key={application.id}>
              <h3 className={styles.itemTitle}>
                <Link to={opsApplicationPath(application.id)}>{application.name}</Link>
              </h3>
              <p>
                {text.clientId}: <code>{application.clientId}</code> ·{' '}
                {application.isActive ? appText.active : appText.paused}
                {application.isBlocked && ` · ${appText.blockedState}`}
              </p>
              <IpStates ips={application.ips} label={`${appText.ips}: ${application.name}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
