import { hash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { BlobKind, Database } from '../db/schema.js';

export type { BlobKind };

export interface BlobRef {
  readonly kind: BlobKind;
  readonly key: string;
}

/** The blob side of one database transaction. */
export interface BlobChange {
  /** Stores the bytes with the transaction: the database in it, S3 before it commits. */
  put(ref: BlobRef, bytes: Uint8Array): Promise<void>;
  /**
   * Removes the blob unless a row still refers to it (icons are shared by content), so call
   * it after the row changes that drop the reference: the database in the transaction, S3
   * once it has committed.
   */
  remove(ref: BlobRef): Promise<void>;
}

export interface BlobTransaction extends BlobChange {
  /** After the commit: S3 deletes what `remove` named. Never throws (the sweeper retries). */
  committed(): Promise<void>;
  /** After a rollback: S3 deletes what `put` wrote. Never throws (the sweeper retries). */
  rolledBack(): Promise<void>;
}

/** Where icon and proof bytes live, shared by every instance: docs/decisions/012-blob-store.md. */
export interface BlobStore {
  readonly backend: 'database' | 's3';
  begin(trx: Transaction<Database>): BlobTransaction;
  /** The bytes, or null when no such blob exists. */
  read(ref: BlobRef): Promise<Buffer | null>;
  /** Keys of the blobs of a kind stored before `before` (epoch ms): the sweeper's candidates. */
  keysStoredBefore(kind: BlobKind, before: number): Promise<string[]>;
}

// Server-made names only. Icons: the SHA-256 of their bytes, so a URL never changes meaning
// and can be cached forever. Documents: 16 random bytes, never derived from the upload.
const NAME_PATTERN: Readonly<Record<BlobKind, RegExp>> = {
  logos: /^[0-9a-f]{64}\.png$/,
  documents: /^[A-Za-z0-9_-]{22}\.(?:pdf|png|jpg)$/,
};

export const isBlobName = (kind: BlobKind, key: string) => NAME_PATTERN[kind].test(key);

export function iconName(bytes: Uint8Array): string {
  return `${hash('sha256', bytes, 'hex')}.png`;
}

export function documentName(extension: string): string {
  return `${randomBytes(16).toString('base64url')}.${extension}`;
}

/**
 * Runs `work` in one transaction; blobs it wrote are removed again when anything fails,
 * so a refused or crashed request never leaves bytes that no row names.
 */
export async function inBlobTransaction<T>(
  db: Kysely<Database>,
  store: BlobStore,
  work: (trx: Transaction<Database>, blobs: BlobChange) => Promise<T>,
): Promise<T> {
  let change: BlobTransaction | undefined;
  let result: T;
  try {
    result = await db.transaction().execute((trx) => {
      change = store.begin(trx);
      return work(trx, change);
    });
  } catch (error) {
    await change?.rolledBack();
    throw error;
  }
  await change?.committed();
  return result;
}
