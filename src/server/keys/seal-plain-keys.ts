import { apiKeyPrefix } from '../../contract/rules.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { KeyCrypto } from './key-crypto.js';
import { insertKey, takePlainKeys } from './keys.repository.js';
import { randomUUID } from 'node:crypto';

const BATCH = 500;

/**
 * Seals the plain keys migration 0009 set aside (it cannot read the secret): run at every
 * start before any request, it finds none after the first. Each batch is taken and sealed in
 * one transaction, so a crash leaves every key either plain or sealed, never lost.
 */
export async function sealPlainKeys(db: Kysely<Database>, crypto: KeyCrypto): Promise<number> {
  let sealed = 0;
  for (;;) {
    const count = await db.transaction().execute(async (trx) => {
      const taken = await takePlainKeys(trx, BATCH);
      for (const row of taken) {
        await insertKey(trx, {
          id: randomUUID(),
          applicationId: row.applicationId,
          lookupHash: crypto.lookupHash(row.apiKey),
          keyPrefix: apiKeyPrefix(row.apiKey),
          sealedKey: crypto.seal(row.applicationId, row.apiKey),
          createdAt: row.createdAt,
          expiresAt: null,
        });
      }
      return taken.length;
    });
    sealed += count;
    if (count < BATCH) return sealed;
  }
}
