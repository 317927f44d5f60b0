import type { ApiKey, ApiKeyInReads, RevealedKey } from '../../contract/keys.js';
import { apiKeyPrefix, maskApiKey } from '../../contract/rules.js';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { KeyCrypto } from './key-crypto.js';
import { newApiKey } from './key-crypto.js';
import { insertKey, type KeyRow } from './keys.repository.js';
import { randomUUID } from 'node:crypto';

/** What an application answer carries of its keys. */
export interface KeysView {
  /** The current key, whole (docs/product.md section 3, `secret`). */
  readonly secret: string;
  readonly keys: ApiKey[];
}

/**
 * Makes, seals and opens an application's keys. A key past its grace period is treated as
 * gone at once, though the hourly purge deletes its row later.
 */
export function createKeyRing(crypto: KeyCrypto) {
  /** The live keys of one application: the current one first, then the newest old one. */
  function liveOf(rows: readonly KeyRow[], applicationId: string, now: number) {
    return rows
      .filter((row) => row.applicationId === applicationId)
      .filter((row) => row.expiresAt === null || row.expiresAt > now)
      .sort((a, b) => (b.expiresAt ?? Infinity) - (a.expiresAt ?? Infinity))
      .map((row) => {
        const key = crypto.open(applicationId, row.sealedKey);
        const expiresAt = row.expiresAt === null ? null : new Date(row.expiresAt).toISOString();
        return { id: row.id, masked: maskApiKey(key), expiresAt, key };
      });
  }

  return {
    /** A new current key for the application, sealed; returns it whole. */
    async issue(trx: Transaction<Database>, applicationId: string, now: number): Promise<string> {
      const key = newApiKey();
      await insertKey(trx, {
        id: randomUUID(),
        applicationId,
        lookupHash: crypto.lookupHash(key),
        keyPrefix: apiKeyPrefix(key),
        sealedKey: crypto.seal(applicationId, key),
        createdAt: now,
        expiresAt: null,
      });
      return key;
    },

    view(rows: readonly KeyRow[], applicationId: string, now: number): KeysView {
      const live = liveOf(rows, applicationId, now);
      const current = live.find((entry) => entry.expiresAt === null);
      // Every application gets a key with its row (create, migration 0009): none is a fault.
      if (current === undefined) throw new Error(`application ${applicationId} has no key`);
      return {
        secret: current.key,
        keys: live.map(({ id, masked, expiresAt }) => ({ id, masked, expiresAt })),
      };
    },

    revealed(rows: readonly KeyRow[], applicationId: string, now: number): RevealedKey[] {
      return liveOf(rows, applicationId, now);
    },
  };
}

export type KeyRing = ReturnType<typeof createKeyRing>;

/** What an application read carries under API_KEY_IN_READS: `masked` puts the mask in `secret`. */
export function keysInReads(view: KeysView, mode: ApiKeyInReads): KeysView {
  if (mode === 'whole') return view;
  const current = view.keys.find((key) => key.expiresAt === null);
  return { ...view, secret: current?.masked ?? maskApiKey(view.secret) };
}
