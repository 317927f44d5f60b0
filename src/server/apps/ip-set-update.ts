import type { Transaction } from 'kysely';
import type { AppFields } from '../../contract/apps.js';
import { Messages } from '../../contract/messages.js';
import type { Engine } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { BlobChange, BlobRef } from '../storage/blob-store.js';
import * as repo from './apps.repository.js';
import { assertIpChangeAllowed } from './ip-change-rule.js';
import { diffIps } from './ip-diff.js';
import {
  attachProofsToKeptIps,
  newIpRecords,
  requireProofs,
  type ProofDocument,
} from './proof-attachment.js';

export interface IpSetUpdate {
  readonly engine: Engine;
  readonly developerId: string;
  readonly applicationId: string;
  /** When the set last changed: the 15-day rule counts from it. */
  readonly ipsChangedAt: number | null;
  readonly cooldownDays: number;
  readonly current: readonly repo.IpRow[];
  readonly next: readonly string[];
  readonly documents: ReadonlyMap<string, ProofDocument>;
  readonly fields: AppFields;
  readonly now: number;
}

export interface IpSetOutcome {
  readonly isChange: boolean;
  /** IPs whose proof document went out with this update. */
  readonly proofsSent: readonly string[];
  /** Documents no record names any more: removed after the rows. */
  readonly obsolete: readonly BlobRef[];
}

/**
 * The application's IPs become `next` (docs/product.md sections 4 and 5): a change waits out
 * the cooldown, an IP another developer uses needs the skip flag and a proof, removed
 * records give up their documents, and a kept IP awaiting proof takes a new one.
 */
export async function updateIpSet(
  trx: Transaction<Database>,
  store: BlobChange,
  update: IpSetUpdate,
): Promise<IpSetOutcome> {
  const { applicationId: id, documents, now } = update;
  const { added, removed, isChange } = diffIps(update.current, update.next);
  if (isChange) assertIpChangeAllowed(update.ipsChangedAt, now, update.cooldownDays);
  await repo.lockIps(trx, update.engine, added);
  const duplicates = await repo.ipsOfOtherDevelopers(trx, update.developerId, added);
  requireProofs(
    duplicates,
    update.fields,
    documents,
    Messages.ips.associatedWithAnotherApplication,
  );

  await repo.deleteIpRecords(
    trx,
    id,
    removed.map((record) => record.ip),
  );
  await repo.insertIpRecords(
    trx,
    await newIpRecords(store, { id, ips: added, duplicates, documents, now }),
  );
  const proofs = await attachProofsToKeptIps(trx, store, {
    id,
    current: update.current,
    kept: new Set(update.next),
    documents,
    now,
  });
  const removedDocuments = removed.flatMap((record): BlobRef[] =>
    record.documentKey === null ? [] : [{ kind: 'documents', key: record.documentKey }],
  );
  return {
    isChange,
    proofsSent: [...duplicates, ...proofs.attached],
    obsolete: [...removedDocuments, ...proofs.obsolete],
  };
}
