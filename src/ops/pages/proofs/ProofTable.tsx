import type { PendingProof } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { formatTime } from '../../../web/ui/format-time.js';
import { formatAge } from '../../ui/format-age.js';
import styles from './proof-queue.module.css';

export const proofKey = (proof: Pick<PendingProof, 'applicationId' | 'ip'>) =>
  `${proof.applicationId} ${proof.ip}`;

interface ProofTableProps {
  readonly proofs: readonly PendingProof[];
  /** The ages are as of this instant (when the list came). */
  readonly now: number;
  readonly openKey: string | null;
  readonly onOpen: (proof: PendingProof) => void;
}

/** The queue: one row per pending proof, oldest first, with its age and Review. */
export function ProofTable({ proofs, now, openKey, onOpen }: ProofTableProps) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>{OpsMessages.proofReview.queueLabel}</caption>
        <thead>
          <tr>
            <th scope="col">{OpsMessages.proofs.ip}</th>
            <th scope="col">{OpsMessages.proofs.developer}</th>
            <th scope="col">{OpsMessages.proofs.application}</th>
            <th scope="col">{OpsMessages.proofReview.age}</th>
            <th scope="col">{OpsMessages.proofReview.actions}</th>
          </tr>
        </thead>
        <tbody>
          {proofs.map((proof) => {
            const key = proofKey(proof);
            return (
              <tr key={key} aria-current={key === openKey ? 'true' : undefined}>
                <th scope="row" className={styles.ip}>
                  {proof.ip}
                </th>
                <td>{proof.developerEmail}</td>
                <td>{proof.applicationName}</td>
                <td>
                  <time dateTime={proof.submittedAt} title={formatTime(proof.submittedAt)}>
                    {OpsMessages.proofs.age(formatAge(proof.submittedAt, now))}
                  </time>
                </td>
                <td>
                  <button
                    type="button"
                    className={styles.open}
                    aria-label={OpsMessages.proofReview.openFor(proof.ip, proof.applicationName)}
                    onClick={() => onOpen(proof)}
                  >
                    {OpsMessages.proofs.open}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
