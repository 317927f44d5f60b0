import type { Transaction } from 'kysely';
import { DOCUMENT_FIELD_PREFIX, type AppFields } from '../../contract/apps.js';
import { Messages } from '../../contract/messages.js';
import { ipFieldName } from '../../contract/rules.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { documentName, type BlobChange, type BlobRef } from '../storage/blob-store.js';
import * as repo from './apps.repository.js';
import { documentExtension, type Upload } from './apps.upload.js';

export interface ProofDocument {
  readonly bytes: Buffer;
  readonly extension: string;
}

/** Every document field names one of `ips` and holds a PDF, PNG or JPEG. */
export async function parseDocuments(
  upload: Upload,
  ips: readonly string[],
): Promise<Map<string, ProofDocument>> {
  const documents = new Map<string, ProofDocument>();
  for (const [field, bytes] of upload.files) {
    if (!field.startsWith(DOCUMENT_FIELD_PREFIX)) continue;
    const ip = ips.find((candidate) => ipFieldName(candidate) === field);
    if (ip === undefined) throw new AppError('bad_request', Messages.apps.unexpectedFile(field));
    documents.set(ip, { bytes, extension: await documentExtension(bytes) });
  }
  return documents;
}

/** Duplicates need the skip flag and a document each (docs/product.md sections 4 and 5). */
export function requireProofs(
  duplicates: readonly string[],
  fields: AppFields,
  documents: ReadonlyMap<string, ProofDocument>,
  message: string,
): void {
  if (duplicates.length === 0) return;
  if (fields.ipAddressDuplicateSkip !== 'true') {
    throw new AppError('ip_used_by_another_developer', message, { duplicateIPs: [...duplicates] });
  }
  for (const ip of duplicates) {
    if (!documents.has(ip)) {
      throw new AppError(
        'supporting_document_required',
        Messages.ips.supportingDocumentRequired(ip),
      );
    }
  }
}

async function storeDocument(store: BlobChange, document: ProofDocument): Promise<string> {
  const key = documentName(document.extension);
  await store.put({ kind: 'documents', key }, document.bytes);
  return key;
}

/** The records of new IPs: a duplicate is family-pending and keeps its proof document. */
export async function newIpRecords(
  store: BlobChange,
  batch: {
    id: string;
    ips: readonly string[];
    duplicates: readonly string[];
    documents: ReadonlyMap<string, ProofDocument>;
    now: number;
  },
): Promise<repo.IpRow[]> {
  const records: repo.IpRow[] = [];
  for (const ip of batch.ips) {
    const isDuplicate = batch.duplicates.includes(ip);
    const document = isDuplicate ? batch.documents.get(ip) : undefined;
    const documentKey = document === undefined ? null : await storeDocument(store, document);
    records.push({
      applicationId: batch.id,
      ip,
      familyPending: isDuplicate ? 1 : 0,
      adminAccept: 0,
      rejectionReason: null,
      documentKey,
      createdAt: batch.now,
      documentSentAt: documentKey === null ? null : batch.now,
    });
  }
  return records;
}

/**
 * A kept IP still waiting for its proof takes a newly sent document; answers the IPs that
 * took one and the documents they replaced.
 */
export async function attachProofsToKeptIps(
  trx: Transaction<Database>,
  store: BlobChange,
  batch: {
    id: string;
    current: readonly repo.IpRow[];
    kept: ReadonlySet<string>;
    documents: ReadonlyMap<string, ProofDocument>;
    now: number;
  },
): Promise<{ attached: string[]; obsolete: BlobRef[] }> {
  const attached: string[] = [];
  const obsolete: BlobRef[] = [];
  for (const record of batch.current) {
    const document = batch.documents.get(record.ip);
    const isAwaitingProof = record.familyPending === 1 && record.adminAccept === 0;
    if (!batch.kept.has(record.ip) || document === undefined || !isAwaitingProof) continue;
    const key = await storeDocument(store, document);
    await repo.setIpDocument(trx, batch.id, record.ip, key, batch.now);
    attached.push(record.ip);
    if (record.documentKey !== null) {
      obsolete.push({ kind: 'documents', key: record.documentKey });
    }
  }
  return { attached, obsolete };
}
