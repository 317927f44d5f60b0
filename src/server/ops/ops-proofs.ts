import type { PendingProof, ProofDecisionRequest } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { acceptProof, rejectProof, type ProofClaim, type ProofsDeps } from '../admin/proofs.js';
import { documentMime } from '../apps/apps.upload.js';
import { AppError } from '../errors.js';
import type { Actor } from './operator-accounts.js';
import { recordOperatorAction } from './operator-audit.repository.js';
import {
  listIpSharers,
  listWaitingProofs,
  waitingDocumentKey,
  waitingDocumentOf,
} from './ops-proofs.repository.js';

/** The reviewer's queue, documents and decisions; decisions as the CLI makes them. */
export function createOpsProofs(deps: ProofsDeps) {
  const { db } = deps;
  return {
    async waiting(): Promise<PendingProof[]> {
      const proofs = await listWaitingProofs(db);
      const sharers = await listIpSharers(db, [...new Set(proofs.map((p) => p.ip))]);
      return proofs.map((proof) => ({
        applicationId: proof.applicationId,
        applicationName: proof.applicationName,
        developerId: proof.developerId,
        developerEmail: proof.developerEmail,
        developerName: proof.developerName,
        ip: proof.ip,
        submittedAt: new Date(proof.documentSentAt).toISOString(),
        documentType: proof.documentKey === null ? null : documentMime(proof.documentKey),
        sharedWith: sharers
          .filter((s) => s.ip === proof.ip && s.applicationId !== proof.applicationId)
          .map(({ developerId, developerEmail, applicationId, applicationName }) => ({
            developerId,
            developerEmail,
            applicationId,
            applicationName,
          })),
      }));
    },

    /** The document for the viewer; each view is in the audit, with who looked. */
    async document(applicationId: string, ip: string, actor: Actor) {
      const proof = await waitingDocumentOf(db, applicationId, ip);
      const bytes =
        proof === undefined
          ? null
          : await deps.blobs.read({ kind: 'documents', key: proof.documentKey });
      if (proof === undefined || bytes === null) {
        throw new AppError('not_found', OpsMessages.proofs.notFound);
      }
      await recordOperatorAction(db, {
        ...actor,
        at: deps.clock.now(),
        action: 'proof.document_viewed',
        developerId: proof.developerId,
        applicationId,
        target: `${proof.applicationName} · ${ip}`,
        details: { ip },
      });
      return { bytes, type: documentMime(proof.documentKey) };
    },

    async decide(request: ProofDecisionRequest, actor: Actor): Promise<string> {
      const { applicationId, ip } = request;
      if ((await waitingDocumentKey(db, applicationId, ip)) === null) {
        throw new AppError('conflict', OpsMessages.proofs.notPending);
      }
      // The claim as it was before this decision: another reviewer may have decided first.
      const stillWaiting = (_trx: unknown, claim: ProofClaim) =>
        claim.adminAccept === 1 || claim.documentKey === null
          ? Promise.reject(new AppError('conflict', OpsMessages.proofs.notPending))
          : Promise.resolve();
      const isDone =
        request.decision === 'accept'
          ? await acceptProof(deps, actor, applicationId, ip, stillWaiting)
          : await rejectProof(deps, actor, applicationId, ip, request.reason, stillWaiting);
      if (!isDone) throw new AppError('conflict', OpsMessages.proofs.notPending);
      return request.decision === 'accept'
        ? OpsMessages.proofs.accepted(ip)
        : OpsMessages.proofs.rejected(ip);
    },
  };
}

export type OpsProofs = ReturnType<typeof createOpsProofs>;
