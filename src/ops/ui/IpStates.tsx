import type { OpsApplicationResponse } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import styles from './ops-ui.module.css';

const text = OpsMessages.application;

type OpsIp = OpsApplicationResponse['application']['ips'][number];

/** An application's IPs, each with its family-proof state and a rejection's reason. */
export function IpStates({ ips, label }: { ips: readonly OpsIp[]; label: string }) {
  if (ips.length === 0) return <p className={styles.muted}>{text.noIps}</p>;
  return (
    <ul className={styles.plainList} aria-label={label}>
      {ips.map((ip) => (
        <li key={ip.ip}>
          <code>{ip.ip}</code> <span>{text.proofStates[ip.proofState]}</span>
          {ip.rejectionReason !== null && (
            <span className={styles.rejected}> {text.rejectionReason(ip.rejectionReason)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
