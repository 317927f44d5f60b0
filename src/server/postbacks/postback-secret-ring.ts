import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { PostbackSecret } from '../../contract/postbacks.js';
import type { Database } from '../db/schema.js';
import type { KeyCrypto } from '../keys/key-crypto.js';
import { maskPostbackSecret, newPostbackSecret } from './postback-signing.js';
import {
  hasCurrentSecret,
  insertCurrentSecretIfNone,
  postbackSecretsOf,
  type PostbackSecretRow,
} from './postback-secrets.repository.js';

export interface LivePostbackSecret extends PostbackSecret {
  readonly secret: string;
}

/**
 * Sealed with the API keys' crypto (decision 024) under additional data that names the
 * purpose, so a sealed API key copied into this table does not open as a signing secret.
 */
const additionalData = (applicationId: string) => `postback-secret:${applicationId}`;

/**
 * Opened secrets kept by their application and sealed form (both, so a sealed secret copied
 * onto another application still fails to open): a delivery need not decrypt it again.
 */
const OPENED_KEPT = 1000;

/** Makes, seals and opens an application's postback signing secrets. */
export function createPostbackSecretRing(crypto: KeyCrypto) {
  const opened = new Map<string, string>();
  function open(applicationId: string, sealed: string): string {
    const key = `${applicationId}\n${sealed}`;
    const known = opened.get(key);
    if (known !== undefined) return known;
    const secret = crypto.open(additionalData(applicationId), sealed);
    if (opened.size >= OPENED_KEPT) opened.clear();
    opened.set(key, secret);
    return secret;
  }

  /** The live secrets among `rows`, opened: the current one first, then those in grace. */
  function liveOf(
    applicationId: string,
    rows: readonly PostbackSecretRow[],
    now: number,
  ): LivePostbackSecret[] {
    return rows
      .filter((row) => row.expiresAt === null || row.expiresAt > now)
      .sort((a, b) => (b.expiresAt ?? Infinity) - (a.expiresAt ?? Infinity))
      .map((row) => {
        const secret = open(applicationId, row.sealedSecret);
        const expiresAt = row.expiresAt === null ? null : new Date(row.expiresAt).toISOString();
        return { id: row.id, masked: maskPostbackSecret(secret), expiresAt, secret };
      });
  }

  return {
    /** Gives the application a current secret if it has none (first delivery, first view). */
    async ensure(trx: Transaction<Database>, applicationId: string, now: number): Promise<void> {
      // Every intake asks: a read is cheaper than making and sealing a secret to drop.
      if (await hasCurrentSecret(trx, applicationId)) return;
      await insertCurrentSecretIfNone(trx, {
        id: randomUUID(),
        applicationId,
        sealedSecret: crypto.seal(additionalData(applicationId), newPostbackSecret()),
        createdAt: now,
        expiresAt: null,
      });
    },

    /** The live secrets, opened: the current one first, then those still in grace. */
    async live(
      db: Kysely<Database>,
      applicationId: string,
      now: number,
    ): Promise<LivePostbackSecret[]> {
      return liveOf(applicationId, await postbackSecretsOf(db, applicationId), now);
    },

    /** The same of rows already read (the delivery reads them with its event). */
    liveOf,
  };
}

export type PostbackSecretRing = ReturnType<typeof createPostbackSecretRing>;
