import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { BlobStore } from './blob-store.js';
import { createDatabaseBlobStore } from './database-blob-store.js';
import { createS3BlobStore, createS3Client, type StorageLog } from './s3-blob-store.js';

/** The configured store: S3 when S3_BUCKET is set, otherwise the database. */
export function createBlobStore(config: Config, db: Db, clock: Clock, log: StorageLog): BlobStore {
  const s3 = config.storage.s3;
  if (s3 === undefined) return createDatabaseBlobStore(db, clock);
  return createS3BlobStore({ db, client: createS3Client(s3), bucket: s3.bucket, log });
}
