import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Messages } from '../../contract/messages.js';
import type { S3Settings } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { BlobKind, BlobRef, BlobStore } from './blob-store.js';
import * as repo from './blobs.repository.js';

/** Where the store reports what it could not clean up at once (the sweeper retries it). */
export interface StorageLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    // A copy: the SDK marks the credentials object it is given, and the config is frozen.
    ...(settings.credentials === undefined ? {} : { credentials: { ...settings.credentials } }),
    // Checksums only where S3 requires them (S3-compatible servers differ on the newer
    // defaults); one retry and short timeouts, so an upload fails fast when S3 is gone.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 10_000 },
  });
}

const objectKey = (ref: BlobRef) => `${ref.kind}/${ref.key}`;
const isNotFound = (error: unknown) =>
  error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * Objects in an S3-compatible bucket. Written before the commit, so a committed row never
 * names a missing object; removed after the commit (or after a rollback, for what was
 * written), so a crash in between leaves only an orphan, which the sweeper deletes.
 */
export function createS3BlobStore(deps: {
  db: Db;
  client: S3Client;
  bucket: string;
  log: StorageLog;
}): BlobStore {
  const { db, client, bucket, log } = deps;

  function unavailable(error: unknown, action: string): AppError {
    log.warn({ err: error, bucket }, `object storage ${action} failed`);
    return new AppError('unavailable', Messages.apps.storageUnavailable);
  }

  /** Deletes the object unless a row names it, under the icon lock a writer also holds. */
  async function deleteUnreferenced(ref: BlobRef) {
    await db.kysely.transaction().execute(async (trx) => {
      if (ref.kind === 'logos') await repo.lockIcons(trx, db.engine);
      if (await repo.isBlobReferenced(trx, ref)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(ref) }));
    });
  }

  async function deleteAll(refs: readonly BlobRef[]) {
    const results = await Promise.allSettled(refs.map(deleteUnreferenced));
    results.forEach((result, n) => {
      if (result.status === 'rejected') {
        log.warn(
          { err: result.reason as unknown, key: refs[n]?.key },
          'object left for the sweeper',
        );
      }
    });
  }

  return {
    backend: 's3',
    begin(trx) {
      const written: BlobRef[] = [];
      const removed: BlobRef[] = [];
      return {
        async put(ref, bytes) {
          if (ref.kind === 'logos') await repo.lockIcons(trx, db.engine);
          written.push(ref);
          try {
            await client.send(
              new PutObjectCommand({ Bucket: bucket, Key: objectKey(ref), Body: bytes }),
            );
          } catch (error) {
            throw unavailable(error, 'write');
          }
        },
        remove(ref) {
          removed.push(ref);
          return Promise.resolve();
        },
        committed: () => deleteAll(removed),
        rolledBack: () => deleteAll(written),
      };
    },
    async read(ref) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: objectKey(ref) }),
        );
        return answer.Body === undefined
          ? null
          : Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable(error, 'read');
      }
    },
    async keysStoredBefore(kind: BlobKind, before: number) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${kind}/`,
            ...(token === undefined ? {} : { ContinuationToken: token }),
          }),
        );
        for (const object of page.Contents ?? []) {
          const modified = object.LastModified?.getTime() ?? before;
          if (object.Key !== undefined && modified < before) {
            keys.push(object.Key.slice(kind.length + 1));
          }
        }
        token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
      return keys;
    },
  };
}
