import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  mayUse,
  opsApplicationPath,
  opsDeveloperPath,
  type PendingProof,
} from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { Button } from '../../../web/ui/Button.js';
import { formatTime } from '../../../web/ui/format-time.js';
import { errorMessage } from '../../api/ops-call.js';
import { useOperator } from '../../session/use-operator.js';
import { ProofDocument } from './ProofDocument.js';
import styles from './proof-queue.module.css';
import { RejectDialog } from './RejectDialog.js';

interface ProofReviewProps {
  readonly proof: PendingProof;
  readonly onDecide: (
    decision: { accept: true } | { accept: false; reason: string },
  ) => Promise<void>;
  readonly onClose: () => void;
}

/** One proof opened: who sent it, for which IP, who else lists that IP, the document, the decision. */
export function ProofReview({ proof, onDecide, onClose }: ProofReviewProps) {
  const { role } = useOperator();
  const mayOpenDevelopers = mayUse(role, 'developers');
  const [isRejecting, setIsRejecting] = useState(false);
  const [isAccepting, setIsAccepting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened below the queue on narrower screens: the reader goes where the proof is.
  useEffect(() => heading.current?.focus(), []);
  const accept = async () => {
    setIsAccepting(true);
    setFailure(null);
    try {
      await onDecide({ accept: true });
    } catch (error) {
      setFailure(errorMessage(error));
      setIsAccepting(false);
    }
  };
  return (
    <section className={styles.review} aria-labelledby="ops-proof-title">
      <div className={styles.reviewHead}>
        <h2 id="ops-proof-title" ref={heading} tabIndex={-1}>
          {OpsMessages.proofReview.reviewTitle(proof.ip)}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          {OpsMessages.proofReview.close}
        </Button>
      </div>
      <dl className={styles.facts}>
        <dt>{OpsMessages.proofs.developer}</dt>
        <dd>
          {mayOpenDevelopers ? (
            <Link to={opsDeveloperPath(proof.developerId)}>{proof.developerName}</Link>
          ) : (
            proof.developerName
          )}{' '}
          ({proof.developerEmail})
        </dd>
        <dt>{OpsMessages.proofs.application}</dt>
        <dd>
          {mayOpenDevelopers ? (
            <Link to={opsApplicationPath(proof.applicationId)}>{proof.applicationName}</Link>
          ) : (
            proof.applicationName
          )}
        </dd>
        <dt>{OpsMessages.proofs.ip}</dt>
        <dd className={styles.ip}>{proof.ip}</dd>
        <dt>{OpsMessages.proofs.submitted}</dt>
        <dd>{formatTime(proof.submittedAt)}</dd>
        <dt>{OpsMessages.proofs.sharedWith}</dt>
        <dd>
          {proof.sharedWith.length === 0 ? (
            OpsMessages.proofs.sharedWithNobody
          ) : (
            <ul className={styles.sharers}>
              {proof.sharedWith.map((sharer) => (
                <li key={sharer.applicationId}>
                  {sharer.applicationName} ({sharer.developerEmail})
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <h3>{OpsMessages.proofs.document}</h3>
      <div className={styles.document}>
        <ProofDocument proof={proof} />
      </div>
      {failure !== null && <p role="alert">{failure}</p>}
      <div className={styles.actions}>
        <Button onClick={() => void accept()} disabled={isAccepting} isLoading={isAccepting}>
          {OpsMessages.proofs.accept}
        </Button>
        <Button variant="danger" onClick={() => setIsRejecting(true)} disabled={isAccepting}>
          {OpsMessages.proofs.reject}
        </Button>
      </div>
      {isRejecting && (
        <RejectDialog
          ip={proof.ip}
          onReject={(reason) => onDecide({ accept: false, reason })}
          onClose={() => setIsRejecting(false)}
        />
      )}
    </section>
  );
}
