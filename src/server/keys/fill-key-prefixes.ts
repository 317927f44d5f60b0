import type { Kysely } from 'kysely';
import { apiKeyPrefix } from '../../contract/rules.js';
import type { Database } from '../db/schema.js';
import type { KeyCrypto } from './key-crypto.js';
import { keysWithoutPrefix, setKeyPrefix } from './keys.repository.js';

const BATCH = 500;

/**
 * Gives the keys sealed before migration 0015 their shown prefix, which support searches by
 *; the migration cannot open them. Run at every start, it finds none after the
 * first; instances starting together write the same value.
 */
export async function fillKeyPrefixes(db: Kysely<Database>, crypto: KeyCrypto): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await keysWithoutPrefix(db, BATCH);
    for (const row of rows) {
      const prefix = apiKeyPrefix(crypto.open(row.applicationId, row.sealedKey));
      await setKeyPrefix(db, row.id, prefix);
    }
    filled += rows.length;
    if (rows.length < BATCH) return filled;
  }
}
