import { createKeyCrypto } from '../../src/server/keys/key-crypto.js';
import type { TestApp } from './test-app.js';

/** Where keys are read: a test app, or the database and secrets of instances in processes of their own. */
export type KeyStore = Pick<TestApp, 'db'> & {
  readonly secrets: Pick<TestApp['secrets'], 'keyEncryptionSecret'>;
};

/** The stored key rows of an application as the database holds them: old ones, then the current. */
export async function keyRows(t: Pick<TestApp, 'db'>, applicationId: string) {
  const rows = await t.db.kysely
    .selectFrom('apiKeys')
    .select(['id', 'lookupHash', 'sealedKey', 'createdAt', 'expiresAt'])
    .where('applicationId', '=', applicationId)
    .execute();
  const rank = (expiresAt: number | null) => expiresAt ?? Number.MAX_SAFE_INTEGER;
  return rows.sort((a, b) => rank(a.expiresAt) - rank(b.expiresAt));
}

/** The app's key crypto: opens and hashes keys the way the server does. */
export function keyCryptoOf(t: KeyStore) {
  return createKeyCrypto(t.secrets.keyEncryptionSecret);
}

/** The whole current key of an application, opened from its sealed row. */
export async function currentKeyOf(t: KeyStore, applicationId: string): Promise<string> {
  const current = (await keyRows(t, applicationId)).find((row) => row.expiresAt === null);
  if (current === undefined) throw new Error(`no current key for ${applicationId}`);
  return keyCryptoOf(t).open(applicationId, current.sealedKey);
}
