import { useCallback, useEffect, useState } from 'react';
import type { PendingProof } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { isForbidden } from '../../api/ops-call.js';
import { fetchPendingProofs } from './proofs-api.js';

export type QueueState =
  | { readonly state: 'loading' }
  | {
      readonly state: 'ready';
      readonly proofs: readonly PendingProof[];
      /** When the list came: the ages are as of then. */
      readonly loadedAt: number;
    }
  | { readonly state: 'failed'; readonly message: string };

/** The pending proofs, and `reload` to ask again (after a decision); the last list stays meanwhile. */
export function usePendingProofs() {
  const [queue, setQueue] = useState<QueueState>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    fetchPendingProofs().then(
      (proofs) => {
        if (isCurrent) setQueue({ state: 'ready', proofs, loadedAt: Date.now() });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        const message = isForbidden(error) ? error.message : OpsMessages.proofs.loadFailed;
        setQueue({ state: 'failed', message });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { queue, reload };
}
