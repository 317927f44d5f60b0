import { useRef, useState } from 'react';
import type { PendingProof } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { Spinner } from '../../../web/ui/Spinner.js';
import { hasErrorCode } from '../../api/ops-call.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { ProofReview } from './ProofReview.js';
import { decideProof } from './proofs-api.js';
import { proofKey, ProofTable } from './ProofTable.js';
import styles from './proof-queue.module.css';
import { usePendingProofs } from './use-pending-proofs.js';

type Decision = { accept: true } | { accept: false; reason: string };

/** /ops/proofs: the pending proofs, oldest first; one opened beside the list; Accept or Reject. */
export default function ProofQueuePage() {
  usePageTitle(OpsMessages.proofs.title);
  const { queue, reload } = usePendingProofs();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const title = useRef<HTMLHeadingElement>(null);
  /** After a decision the opened proof is gone: the reader goes back to the top of the queue. */
  const closeWith = (text: string) => {
    setAnnouncement(text);
    setOpenKey(null);
    title.current?.focus();
    reload();
  };
  const proofs = queue.state === 'ready' ? queue.proofs : [];
  const open = proofs.find((proof) => proofKey(proof) === openKey);

  const decide = async (proof: PendingProof, decision: Decision) => {
    const target = { applicationId: proof.applicationId, ip: proof.ip };
    try {
      await decideProof(
        decision.accept
          ? { ...target, decision: 'accept' }
          : { ...target, decision: 'reject', reason: decision.reason },
      );
    } catch (error) {
      // Decided meanwhile (another reviewer): the queue no longer holds it.
      if (!hasErrorCode(error, 'conflict', 'not_found')) throw error;
      closeWith(error.message);
      return;
    }
    closeWith(
      decision.accept
        ? OpsMessages.proofs.accepted(proof.ip)
        : OpsMessages.proofs.rejected(proof.ip),
    );
  };

  return (
    <div className={styles.page}>
      <h1 ref={title} tabIndex={-1}>
        {OpsMessages.proofs.title}
      </h1>
      <p role="status" className={styles.announcement}>
        {announcement}
      </p>
      {queue.state === 'loading' && <Spinner label={OpsMessages.shell.loading} />}
      {queue.state === 'failed' && <p role="alert">{queue.message}</p>}
      {queue.state === 'ready' && proofs.length === 0 && <p>{OpsMessages.proofs.empty}</p>}
      <div className={styles.columns}>
        {queue.state === 'ready' && proofs.length > 0 && (
          <ProofTable
            proofs={proofs}
            now={queue.loadedAt}
            openKey={openKey}
            onOpen={(proof) => {
              setAnnouncement('');
              setOpenKey(proofKey(proof));
            }}
          />
        )}
        {open !== undefined && (
          <ProofReview
            key={openKey}
            proof={open}
            onDecide={(decision) => decide(open, decision)}
            onClose={() => setOpenKey(null)}
          />
        )}
      </div>
    </div>
  );
}
