import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database, PostbackSecretsTable } from '../db/schema.js';

export type PostbackSecretRow = Pick<
  PostbackSecretsTable,
  'id' | 'applicationId' | 'sealedSecret' | 'expiresAt'
>;

export const secretsOf = preparedQuery(1, (db, applicationId: string) =>
  db
    .selectFrom('postbackSecrets')
    .select(['id', 'applicationId', 'sealedSecret', 'expiresAt'])
    .where('applicationId', '=', applicationId),
);

export function postbackSecretsOf(
  db: Kysely<Database>,
  applicationId: string,
): Promise<PostbackSecretRow[]> {
  return secretsOf(db, applicationId);
}

/** Whether the application has a current secret (one not in a grace period). */
export const currentSecret = preparedQuery(1, (db, applicationId: string) =>
  db
    .selectFrom('postbackSecrets')
    .select('id')
    .where('applicationId', '=', applicationId)
    .where('expiresAt', 'is', null),
);

export async function hasCurrentSecret(
  db: Kysely<Database>,
  applicationId: string,
): Promise<boolean> {
  return (await currentSecret(db, applicationId)).length > 0;
}

/**
 * Inserts the application's current secret unless it has one: the partial unique index of
 * migration 0013 makes two racing first deliveries keep one secret.
 */
export async function insertCurrentSecretIfNone(
  trx: Transaction<Database>,
  row: PostbackSecretsTable,
): Promise<void> {
  await trx
    .insertInto('postbackSecrets')
    .values(row)
    .onConflict((oc) => oc.column('applicationId').where('expiresAt', 'is', null).doNothing())
    .execute();
}

/** The current secret starts its grace period: it stops signing at `expiresAt`. */
export async function expireCurrentSecret(
  trx: Transaction<Database>,
  applicationId: string,
  expiresAt: number,
): Promise<void> {
  await trx
    .updateTable('postbackSecrets')
    .set({ expiresAt })
    .where('applicationId', '=', applicationId)
    .where('expiresAt', 'is', null)
    .execute();
}

/** Deletes the secrets whose grace period ended at or before `now`; returns how many. */
export async function deleteExpiredPostbackSecrets(
  db: Kysely<Database>,
  now: number,
): Promise<number> {
  const result = await db
    .deleteFrom('postbackSecrets')
    .where('expiresAt', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
