import { CircleCheck, CircleX, Clock, FileText } from 'lucide-react';
import type { IpRecord } from '../../contract/apps.js';
import { Messages } from '../../contract/messages.js';
import type { ProofState } from '../app-area/ip-fields.js';
import formStyles from './forms.module.css';
import { ProofUpload } from './ProofUpload.js';
import styles from './proof-status.module.css';

interface ProofStatusProps {
  readonly ip: string;
  readonly state: ProofState;
  /** The stored record of this IP, if any: its document link and rejection reason. */
  readonly record: IpRecord | undefined;
  /** The document chosen for this IP and not yet sent, if any. */
  readonly chosen: File | undefined;
  readonly onChoose: (file: File | null) => void;
}

/** The stored proof of an IP, opened by its signed link (docs/decisions/025). */
function DocumentLink({ ip, url }: { ip: string; url: string | null | undefined }) {
  if (url === null || url === undefined) return null;
  return (
    <a className={styles.document} href={url} download>
      <FileText aria-hidden="true" size={14} /> {Messages.ips.viewDocument(ip)}
    </a>
  );
}

/**
 * The family-proof status of one IP (docs/product.md section 4): nothing when not needed; an upload
 * when required, after the operator's reason when the last proof was rejected; 'Pending' with a
 * clock, or 'Accepted' with a tick, with the link to the stored document, and then no upload.
 */
export function ProofStatus({ ip, state, record, chosen, onChoose }: ProofStatusProps) {
  if (state === 'notNeeded') return null;
  if (state === 'accepted') {
    return (
      <p className={styles.accepted}>
        <CircleCheck aria-hidden="true" size={16} />
        <strong>{Messages.ips.proofAccepted}</strong> {Messages.ips.proofAcceptedHint}
        <DocumentLink ip={ip} url={record?.documentUrl} />
      </p>
    );
  }
  if (state === 'pending') {
    return (
      <p className={styles.pending}>
        <Clock aria-hidden="true" size={16} />
        <strong>{Messages.ips.proofPending}</strong> {Messages.ips.proofPendingHint}
        {chosen === undefined ? (
          <DocumentLink ip={ip} url={record?.documentUrl} />
        ) : (
          <>
            {' '}
            <span className={styles.chosen}>{chosen.name}</span>{' '}
            <button type="button" className={formStyles.linkButton} onClick={() => onChoose(null)}>
              Remove document for {ip}
            </button>
          </>
        )}
      </p>
    );
  }
  const reason = record?.rejectionReason ?? null;
  return (
    <>
      {reason !== null && (
        <p className={styles.rejected}>
          <CircleX aria-hidden="true" size={16} />
          <strong>{Messages.ips.proofRejected}</strong> {Messages.ips.proofRejectedReason(reason)}
        </p>
      )}
      <ProofUpload ip={ip} onChoose={onChoose} />
    </>
  );
}
