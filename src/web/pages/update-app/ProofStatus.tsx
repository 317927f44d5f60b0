import { CircleCheck, Clock } from 'lucide-react';
import { Messages } from '../../../contract/messages.js';
import formStyles from '../../ui/forms.module.css';
import { ProofUpload } from '../../ui/ProofUpload.js';
import type { ProofState } from './update-app-form.js';
import styles from './update-app-page.module.css';

interface ProofStatusProps {
  readonly ip: string;
  readonly state: ProofState;
  /** The document chosen for this IP and not yet sent, if any. */
  readonly chosen: File | undefined;
  readonly onChoose: (file: File | null) => void;
}

/**
 * The family-proof status of one IP (docs/product.md section 4): nothing when not needed; an upload
 * when required; 'Pending' with a clock, or 'Accepted' with a tick, and then no upload.
 */
export function ProofStatus({ ip, state, chosen, onChoose }: ProofStatusProps) {
  if (state === 'notNeeded') return null;
  if (state === 'accepted') {
    return (
      <p className={styles.accepted}>
        <CircleCheck aria-hidden="true" size={16} />
        <strong>{Messages.ips.proofAccepted}</strong> {Messages.ips.proofAcceptedHint}
      </p>
    );
  }
  if (state === 'pending') {
    return (
      <p className={styles.pending}>
        <Clock aria-hidden="true" size={16} />
        <strong>{Messages.ips.proofPending}</strong> {Messages.ips.proofPendingHint}
        {chosen !== undefined && (
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
  return <ProofUpload ip={ip} onChoose={onChoose} />;
}
