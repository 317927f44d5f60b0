import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** SQL of the developers' authenticator apps and recovery codes. */
type Db = Kysely<Database> | Transaction<Database>;

export function findTotp(db: Db, developerId: string) {
  return db
    .selectFrom('developerTotp')
    .selectAll()
    .where('developerId', '=', developerId)
    .executeTakeFirst();
}

/** A new enrollment begun: replaces one begun before, never a confirmed one. */
export async function beginTotp(
  db: Db,
  developerId: string,
  sealedSecret: string,
  now: number,
): Promise<boolean> {
  await db
    .deleteFrom('developerTotp')
    .where('developerId', '=', developerId)
    .where('confirmedAt', 'is', null)
    .execute();
  const inserted = await db
    .insertInto('developerTotp')
    .values({ developerId, sealedSecret, confirmedAt: null, lastStep: null, createdAt: now })
    .onConflict((oc) => oc.column('developerId').doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Confirms the begun enrollment with its first code's step; false when none was waiting. */
export async function confirmTotp(
  trx: Transaction<Database>,
  developerId: string,
  step: number,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('developerTotp')
    .set({ confirmedAt: now, lastStep: step })
    .where('developerId', '=', developerId)
    .where('confirmedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * A factor was added: the first one sets `second_factor_at` and answers true, so the caller
 * gives the ten recovery codes; a later one leaves the codes as they are.
 */
export async function markFactorAdded(
  trx: Transaction<Database>,
  developerId: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('developers')
    .set({ secondFactorAt: now, updatedAt: now })
    .where('id', '=', developerId)
    .where('secondFactorAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Which factors a developer has: the authenticator app (confirmed), any passkey. */
export async function enrolledFactors(db: Db, developerId: string) {
  const row = await db
    .selectFrom('developers')
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('developerTotp')
            .select('developerId')
            .where('developerId', '=', developerId)
            .where('confirmedAt', 'is not', null),
        )
        .as('totp'),
      eb
        .exists(
          eb
            .selectFrom('developerPasskeys')
            .select('developerId')
            .where('developerId', '=', developerId),
        )
        .as('passkey'),
    ])
    .where('id', '=', developerId)
    .executeTakeFirst();
  return { hasTotp: Boolean(row?.totp), hasPasskey: Boolean(row?.passkey) };
}

/** A factor was removed: when none is left, the recovery codes go and sign-in asks none. */
export async function clearFactorsIfNone(
  trx: Transaction<Database>,
  developerId: string,
  now: number,
): Promise<void> {
  const { hasTotp, hasPasskey } = await enrolledFactors(trx, developerId);
  if (hasTotp || hasPasskey) return;
  await trx.deleteFrom('recoveryCodes').where('developerId', '=', developerId).execute();
  await trx
    .updateTable('developers')
    .set({ secondFactorAt: null, updatedAt: now })
    .where('id', '=', developerId)
    .execute();
}

/**
 * Uses a TOTP step: only when it is later than the last one used, so two requests carrying
 * one code cannot both pass. Answers whether it took it.
 */
export async function takeTotpStep(db: Db, developerId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('developerTotp')
    .set({ lastStep: step })
    .where('developerId', '=', developerId)
    .where('confirmedAt', 'is not', null)
    .where((eb) => eb.or([eb('lastStep', 'is', null), eb('lastStep', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes the authenticator app; with no passkey left, the recovery codes go too. */
export async function removeTotp(trx: Transaction<Database>, developerId: string, now: number) {
  await trx.deleteFrom('developerTotp').where('developerId', '=', developerId).execute();
  await clearFactorsIfNone(trx, developerId, now);
}

export async function replaceRecoveryCodes(
  trx: Transaction<Database>,
  developerId: string,
  codeHashes: readonly string[],
  now: number,
): Promise<void> {
  await trx.deleteFrom('recoveryCodes').where('developerId', '=', developerId).execute();
  await trx
    .insertInto('recoveryCodes')
    .values(codeHashes.map((codeHash) => ({ developerId, codeHash, usedAt: null, createdAt: now })))
    .execute();
}

/** Uses a recovery code once: false when it is not the developer's or was used before. */
export async function useRecoveryCode(
  db: Db,
  developerId: string,
  codeHash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('recoveryCodes')
    .set({ usedAt: now })
    .where('developerId', '=', developerId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countRecoveryCodesLeft(db: Db, developerId: string): Promise<number> {
  const row = await db
    .selectFrom('recoveryCodes')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('left'))
    .where('developerId', '=', developerId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}
