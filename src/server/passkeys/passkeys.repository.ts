import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** SQL of the developers' passkeys and their single-use challenges. */
type Db = Kysely<Database> | Transaction<Database>;

export type ChallengePurpose = 'register' | 'second_factor' | 'confirm' | 'sign_in';

export function listPasskeys(db: Db, developerId: string) {
  return db
    .selectFrom('developerPasskeys')
    .selectAll()
    .where('developerId', '=', developerId)
    .orderBy('createdAt')
    .orderBy('credentialId')
    .execute();
}

export function findPasskey(db: Db, credentialId: string) {
  return db
    .selectFrom('developerPasskeys')
    .selectAll()
    .where('credentialId', '=', credentialId)
    .executeTakeFirst();
}

export async function countPasskeys(db: Db, developerId: string): Promise<number> {
  const row = await db
    .selectFrom('developerPasskeys')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('developerId', '=', developerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Stores a challenge handed out; expired ones of anyone go first, so the table stays small. */
export async function storeChallenge(
  db: Db,
  challenge: {
    readonly challenge: string;
    readonly purpose: ChallengePurpose;
    readonly developerId: string | null;
    readonly expiresAt: number;
  },
  now: number,
): Promise<void> {
  await db.deleteFrom('passkeyChallenges').where('expiresAt', '<=', now).execute();
  await db.insertInto('passkeyChallenges').values(challenge).execute();
}

/** Uses a challenge once: true only for one of this purpose and developer, still in time. */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  developerId: string | null,
  now: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeyChallenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('developerId', developerId === null ? 'is' : '=', developerId)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertPasskey(
  trx: Transaction<Database>,
  passkey: {
    readonly credentialId: string;
    readonly developerId: string;
    readonly publicKey: string;
    readonly counter: number;
    readonly transports: readonly string[];
    readonly name: string;
  },
  now: number,
): Promise<void> {
  await trx
    .insertInto('developerPasskeys')
    .values({
      ...passkey,
      transports: JSON.stringify(passkey.transports),
      createdAt: now,
      lastUsedAt: null,
    })
    .execute();
}

/**
 * Records a use: only when the counter is still the one the assertion was checked against,
 * so two requests carrying one assertion cannot both pass.
 */
export async function takePasskeyUse(
  db: Db,
  credentialId: string,
  counterSeen: number,
  newCounter: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('developerPasskeys')
    .set({ counter: newCounter, lastUsedAt: now })
    .where('credentialId', '=', credentialId)
    .where('counter', '=', counterSeen)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deletePasskey(
  trx: Transaction<Database>,
  developerId: string,
  credentialId: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('developerPasskeys')
    .where('developerId', '=', developerId)
    .where('credentialId', '=', credentialId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Every passkey of the developer (support's reset of the factors). */
export async function deleteAllPasskeys(
  trx: Transaction<Database>,
  developerId: string,
): Promise<void> {
  await trx.deleteFrom('developerPasskeys').where('developerId', '=', developerId).execute();
}
