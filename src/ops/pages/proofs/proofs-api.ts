import {
  OpsApiPaths,
  type PendingProof,
  type PendingProofsResponse,
  type ProofDecisionRequest,
} from '../../../contract/ops.js';
import { opsCall } from '../../api/ops-call.js';

/** Pending proofs, oldest first. */
export async function fetchPendingProofs(): Promise<readonly PendingProof[]> {
  return (await opsCall<PendingProofsResponse>('get', OpsApiPaths.proofs)).proofs;
}

export async function decideProof(request: ProofDecisionRequest): Promise<void> {
  await opsCall<unknown>('post', OpsApiPaths.proofDecision, { json: request });
}

/** Where the document itself is: same origin, the console's cookie goes with it. */
export function proofDocumentUrl(proof: Pick<PendingProof, 'applicationId' | 'ip'>): string {
  const query = new URLSearchParams({ applicationId: proof.applicationId, ip: proof.ip });
  return `${OpsApiPaths.proofDocument}?${query.toString()}`;
}
