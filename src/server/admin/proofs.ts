import type { Kysely, Transaction } from 'kysely';
import { recordActivity } from '../activity/activity.repository.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import type { JobQueue } from '../jobs/job-definition.js';
import { MailJob } from '../mail/mail-job.js';
import { proofDecisionMail } from '../mail/proof-decision-mail.js';
import { inBlobTransaction, type BlobStore } from '../storage/blob-store.js';
import { markProofRejected } from '../apps/proof-review.repository.js';
import { Limits } from '../../contract/limits.js';

export interface ProofsDeps {
  readonly db: Kysely<Database>;
  readonly blobs: BlobStore;
  readonly jobs: JobQueue;
  readonly clock: Clock;
  readonly productName: string;
  readonly publicUrl: string;
}

export interface PendingProof {
  readonly applicationId: string;
  readonly ownerEmail: string;
  readonly ip: string;
  readonly createdAt: number;
  readonly hasDocument: boolean;
}

/** IP records claimed with a family proof, joined to their application and its owner. */
function familyClaims(db: Kysely<Database>) {
  return db
    .selectFrom('ipRecords')
    .innerJoin('applications', 'applications.id', 'ipRecords.applicationId')
    .innerJoin('developers', 'developers.id', 'applications.ownerId')
    .where('ipRecords.familyPending', '=', 1);
}

/** IP records waiting for the operator: family proof claimed, not yet accepted. */
export async function listPendingProofs(db: Kysely<Database>): Promise<PendingProof[]> {
  const rows = await familyClaims(db)
    .select([
      'ipRecords.applicationId',
      'developers.email',
      'ipRecords.ip',
      'ipRecords.createdAt',
      'ipRecords.documentKey',
    ])
    .where('ipRecords.adminAccept', '=', 0)
    .orderBy('ipRecords.createdAt')
    .orderBy('ipRecords.applicationId')
    .orderBy('ipRecords.ip')
    .execute();
  return rows.map((row) => ({
    applicationId: row.applicationId,
    ownerEmail: row.email,
    ip: row.ip,
    createdAt: row.createdAt,
    hasDocument: row.documentKey !== null,
  }));
}

/**
 * The decision's first statement is a write to its record: SQLite then takes its write lock
 * (waiting out busy_timeout) before any read, where a read-then-write transaction of this
 * CLI beside a running server fails at once with "database is locked"; PostgreSQL locks the
 * row, so two decisions on one record take turns.
 */
async function lockRecord(trx: Transaction<Database>, applicationId: string, ip: string) {
  await trx
    .updateTable('ipRecords')
    .set((eb) => ({ familyPending: eb.ref('familyPending') }))
    .where('applicationId', '=', applicationId)
    .where('ip', '=', ip)
    .execute();
}

/** The claim's owner and application, as the decision's event and mail name them. */
function claimOf(trx: Transaction<Database>, applicationId: string, ip: string) {
  return familyClaims(trx)
    .select([
      'ipRecords.documentKey',
      'ipRecords.adminAccept',
      'developers.id as developerId',
      'developers.email',
      'developers.name',
      'applications.name as appName',
    ])
    .where('ipRecords.applicationId', '=', applicationId)
    .where('ipRecords.ip', '=', ip)
    .executeTakeFirst();
}

/**
 * Records the operator's decision on the developer's activity log and queues the mail
 * that tells the developer, both in the decision's transaction.
 */
async function announceDecision(
  deps: ProofsDeps,
  trx: Transaction<Database>,
  claim: ProofClaim,
  decision: { applicationId: string; ip: string; isAccepted: boolean; reason?: string },
) {
  const reason = decision.reason === undefined ? {} : { reason: decision.reason };
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
export type ProofClaim = NonNullable<Awaited<ReturnType<typeof claimOf>>>;

/** More to write in the decision's transaction (the console's audit entry). */
export type AlongWithDecision = (trx: Transaction<Database>, claim: ProofClaim) => Promise<void>;

const nothingMore: AlongWithDecision = () => Promise.resolve();

/**
 * Sets adminAccept (familyPending stays as stored) and tells the developer. False when no
 * such pending record.
 */
export async function acceptProof(
  deps: ProofsDeps,
  applicationId: string,
  ip: string,
  alongWith: AlongWithDecision = nothingMore,
): Promise<boolean> {
  const isAccepted = await deps.db.transaction().execute(async (trx) => {
    await lockRecord(trx, applicationId, ip);
    const claim = await claimOf(trx, applicationId, ip);
    if (claim === undefined) return false;
    await trx
      .updateTable('ipRecords')
      .set({ adminAccept: 1 })
      .where('applicationId', '=', applicationId)
      .where('ip', '=', ip)
      .execute();
    await announceDecision(deps, trx, claim, { applicationId, ip, isAccepted: true });
    await alongWith(trx, claim);
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
  applicationId: string,
  ip: string,
  reason: string,
  alongWith: AlongWithDecision = nothingMore,
): Promise<boolean> {
  const found = await inBlobTransaction(deps.db, deps.blobs, async (trx, blobs) => {
    await lockRecord(trx, applicationId, ip);
    const claim = await claimOf(trx, applicationId, ip);
    if (claim === undefined) return undefined;
    await markProofRejected(trx, { applicationId, ip, reason });
    if (claim.documentKey !== null) {
      await blobs.remove({ kind: 'documents', key: claim.documentKey });
    }
    await announceDecision(deps, trx, claim, {
      applicationId,
      ip,
      isAccepted: false,
      reason,
    });
    await alongWith(trx, claim);
    return claim;
  });
  if (found === undefined) return false;
  deps.jobs.nudge();
  return true;
}

/** Runs `proofs list|accept|reject`; answers the lines to print and the exit code. */
export async function runProofsCommand(
  deps: ProofsDeps,
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
          new Date(p.createdAt).toISOString(),
          p.hasDocument ? 'document' : 'no document',
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
        ? await acceptProof(deps, applicationId, ip)
        : await rejectProof(deps, applicationId, ip, reason ?? '');
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
