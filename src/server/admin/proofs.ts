import type { Kysely, Transaction } from 'kysely';
import { recordActivity } from '../activity/activity.repository.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import type { JobQueue } from '../jobs/job-definition.js';
import { MailJob } from '../mail/mail-job.js';
import { proofDecisionMail } from '../mail/proof-decision-mail.js';
import { inBlobTransaction, type BlobStore } from '../storage/blob-store.js';
import {
  listPendingProofRows,
  lockProofRecord,
  markProofAccepted,
  markProofRejected,
  proofClaimOf,
} from '../apps/proof-review.repository.js';
import type { Actor } from '../ops/operator-accounts.js';
import { recordOperatorAction } from '../ops/operator-audit.repository.js';
import { Limits } from '../../contract/limits.js';

export interface ProofsDeps {
  readonly db: Kysely<Database>;
  readonly blobs: BlobStore;
  readonly jobs: JobQueue;
  readonly clock: Clock;
  readonly productName: string;
  readonly publicUrl: string;
}

export interface ProofsCommandDeps extends ProofsDeps {
  /** The command line's operator, as the audit names it. */
  readonly actor: Actor;
}

export interface PendingProof {
  readonly applicationId: string;
  readonly ownerEmail: string;
  readonly ip: string;
  /** When its document was sent; null while it waits for a new one. */
  readonly documentSentAt: number | null;
}

/** IP records waiting for the operator: family proof claimed, not yet accepted. */
export async function listPendingProofs(db: Kysely<Database>): Promise<PendingProof[]> {
  const rows = await listPendingProofRows(db);
  return rows.map((row) => ({
    applicationId: row.applicationId,
    ownerEmail: row.email,
    ip: row.ip,
    documentSentAt: row.documentKey === null ? null : row.documentSentAt,
  }));
}

/**
 * Records the operator's decision on the operators' audit and the developer's activity log,
 * and queues the mail that tells the developer, all in the decision's transaction.
 */
async function announceDecision(
  deps: ProofsDeps,
  trx: Transaction<Database>,
  claim: ProofClaim,
  decision: {
    actor: Actor;
    applicationId: string;
    ip: string;
    isAccepted: boolean;
    reason?: string;
  },
) {
  const reason = decision.reason === undefined ? {} : { reason: decision.reason };
  await recordOperatorAction(trx, {
    ...decision.actor,
    at: deps.clock.now(),
    action: decision.isAccepted ? 'proof.accepted' : 'proof.rejected',
    developerId: claim.developerId,
    applicationId: decision.applicationId,
    target: `${claim.appName} · ${decision.ip}`,
    reason: decision.reason ?? null,
    details: { ip: decision.ip },
  });
  await recordActivity(trx, {
    developerId: claim.developerId,
    applicationId: decision.applicationId,
    kind: decision.isAccepted ? 'proof.accepted' : 'proof.rejected',
    at: deps.clock.now(),
    // No request caused it: an operator's command.
    origin: { ip: null, device: null },
    details: { applicationName: claim.appName, ip: decision.ip, ...reason },
  });
  await deps.jobs.enqueue(
    trx,
    MailJob,
    proofDecisionMail({
      to: claim.email,
      name: claim.name,
      appName: claim.appName,
      ip: decision.ip,
      isAccepted: decision.isAccepted,
      ...reason,
      productName: deps.productName,
      publicUrl: deps.publicUrl,
    }),
  );
}

/** The claim a decision is about, as the operator console's audit names it. */
export type ProofClaim = NonNullable<Awaited<ReturnType<typeof proofClaimOf>>>;

/** More to check in the decision's transaction (the console's: still waiting). */
export type AlongWithDecision = (trx: Transaction<Database>, claim: ProofClaim) => Promise<void>;

const nothingMore: AlongWithDecision = () => Promise.resolve();

/**
 * Sets adminAccept (familyPending stays as stored) and tells the developer. False when no
 * such pending record.
 */
export async function acceptProof(
  deps: ProofsDeps,
  actor: Actor,
  applicationId: string,
  ip: string,
  alongWith: AlongWithDecision = nothingMore,
): Promise<boolean> {
  const isAccepted = await deps.db.transaction().execute(async (trx) => {
    await lockProofRecord(trx, applicationId, ip);
    const claim = await proofClaimOf(trx, applicationId, ip);
    if (claim === undefined) return false;
    await alongWith(trx, claim);
    await markProofAccepted(trx, { applicationId, ip });
    await announceDecision(deps, trx, claim, { actor, applicationId, ip, isAccepted: true });
    return true;
  });
  if (isAccepted) deps.jobs.nudge();
  return isAccepted;
}

/**
 * Removes the document and keeps the IP waiting for a new one with the operator's reason,
 * and tells the developer in the same transaction. False when not found.
 */
export async function rejectProof(
  deps: ProofsDeps,
  actor: Actor,
  applicationId: string,
  ip: string,
  reason: string,
  alongWith: AlongWithDecision = nothingMore,
): Promise<boolean> {
  const found = await inBlobTransaction(deps.db, deps.blobs, async (trx, blobs) => {
    await lockProofRecord(trx, applicationId, ip);
    const claim = await proofClaimOf(trx, applicationId, ip);
    if (claim === undefined) return undefined;
    await alongWith(trx, claim);
    await markProofRejected(trx, { applicationId, ip, reason });
    if (claim.documentKey !== null) {
      await blobs.remove({ kind: 'documents', key: claim.documentKey });
    }
    await announceDecision(deps, trx, claim, {
      actor,
      applicationId,
      ip,
      isAccepted: false,
      reason,
    });
    return claim;
  });
  if (found === undefined) return false;
  deps.jobs.nudge();
  return true;
}

/** Runs `proofs list|accept|reject`; answers the lines to print and the exit code. */
export async function runProofsCommand(
  deps: ProofsCommandDeps,
  args: readonly string[],
): Promise<{ lines: string[]; exitCode: number }> {
  const { positional, reason } = splitReason(args);
  const [group, action, applicationId, ip] = positional;
  const usage = `usage: admin proofs list | proofs accept <applicationId> <ip> | proofs reject <applicationId> <ip> --reason <text, at most ${Limits.rejectionReasonMax} characters>`;
  if (group !== 'proofs') return { lines: [usage], exitCode: 2 };
  if (action === 'list') {
    const proofs = await listPendingProofs(deps.db);
    if (proofs.length === 0) return { lines: ['No pending proofs.'], exitCode: 0 };
    return {
      lines: proofs.map((p) =>
        [
          p.applicationId,
          p.ownerEmail,
          p.ip,
          p.documentSentAt === null ? '-' : new Date(p.documentSentAt).toISOString(),
          p.documentSentAt === null ? 'no document' : 'document',
        ].join('\t'),
      ),
      exitCode: 0,
    };
  }
  if (applicationId === undefined || ip === undefined) return { lines: [usage], exitCode: 2 };
  // The developer reads the reason on the IP's row: a reject without one is refused.
  const isReasonValid =
    reason !== undefined && reason !== '' && reason.length <= Limits.rejectionReasonMax;
  if ((action === 'reject' && isReasonValid) || action === 'accept') {
    const done =
      action === 'accept'
        ? await acceptProof(deps, deps.actor, applicationId, ip)
        : await rejectProof(deps, deps.actor, applicationId, ip, reason ?? '');
    return done
      ? {
          lines: [`${action === 'accept' ? 'Accepted' : 'Rejected'} ${ip} on ${applicationId}.`],
          exitCode: 0,
        }
      : { lines: [`No pending proof for ${ip} on ${applicationId}.`], exitCode: 1 };
  }
  return { lines: [usage], exitCode: 2 };
}

/** `--reason TEXT` or `--reason=TEXT` anywhere among the arguments; the rest in order. */
function splitReason(args: readonly string[]): { positional: string[]; reason?: string } {
  const positional: string[] = [];
  let reason: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--reason') {
      reason = (args[i + 1] ?? '').trim();
      i++;
    } else if (arg.startsWith('--reason=')) {
      reason = arg.slice('--reason='.length).trim();
    } else positional.push(arg);
  }
  return reason === undefined ? { positional } : { positional, reason };
}
