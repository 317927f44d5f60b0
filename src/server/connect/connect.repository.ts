import type { Kysely } from 'kysely';
import type {
  ConnectCodesTable,
  ConnectRequestsTable,
  ConnectTokensTable,
  Database,
} from '../db/schema.js';

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60_000;

/** What an authorization needs to know of the application it is for. */
export function findConnectApp(db: Db, id: string) {
  return db
    .selectFrom('applications')
    .innerJoin('developers', 'developers.id', 'applications.ownerId')
    .select([
      'applications.id',
      'applications.name',
      'applications.logoUrl',
      'applications.callbackUrl',
      'applications.allowedUsers',
      'applications.isActive',
      'applications.operatorHoldReason',
      'applications.blockedReason',
      'developers.blockedReason as developerBlockedReason',
      'developers.name as developerName',
    ])
    .where('applications.id', '=', id)
    .executeTakeFirst();
}

export type ConnectApp = NonNullable<Awaited<ReturnType<typeof findConnectApp>>>;

/** The application of a key that is current, or still in its roll's grace at `now`. */
export async function isKeyOfApp(db: Db, applicationId: string, lookupHash: string, now: number) {
  const row = await db
    .selectFrom('apiKeys')
    .select('id')
    .where('lookupHash', '=', lookupHash)
    .where('applicationId', '=', applicationId)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRequest(db: Db, row: ConnectRequestsTable) {
  await db.insertInto('connectRequests').values(row).execute();
}

export function findRequest(db: Db, id: string, now: number) {
  return db
    .selectFrom('connectRequests')
    .selectAll()
    .where('id', '=', id)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

export async function setRequestClient(db: Db, id: string, clientCode: string) {
  await db.updateTable('connectRequests').set({ clientCode }).where('id', '=', id).execute();
}

export async function deleteRequest(db: Db, id: string) {
  await db.deleteFrom('connectRequests').where('id', '=', id).execute();
}

export async function findConsent(db: Db, applicationId: string, clientCode: string) {
  const row = await db
    .selectFrom('connectConsents')
    .select('scope')
    .where('applicationId', '=', applicationId)
    .where('clientCode', '=', clientCode)
    .executeTakeFirst();
  return row?.scope;
}

export async function saveConsent(
  db: Db,
  row: { applicationId: string; clientCode: string; scope: string; createdAt: number },
) {
  await db
    .insertInto('connectConsents')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['applicationId', 'clientCode']).doUpdateSet({
        scope: row.scope,
        createdAt: row.createdAt,
      }),
    )
    .execute();
}

export async function insertCode(db: Db, row: ConnectCodesTable) {
  await db.insertInto('connectCodes').values(row).execute();
}

export function findCode(db: Db, codeHash: string) {
  return db
    .selectFrom('connectCodes')
    .selectAll()
    .where('codeHash', '=', codeHash)
    .executeTakeFirst();
}

/** Marks the code used; false when another exchange used it first. */
export async function useCode(db: Db, codeHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('connectCodes')
    .set({ usedAt: now })
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeTokensOfCode(db: Db, codeHash: string, now: number) {
  await db
    .updateTable('connectTokens')
    .set({ revokedAt: now })
    .where('codeHash', '=', codeHash)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function insertToken(db: Db, row: ConnectTokensTable) {
  await db.insertInto('connectTokens').values(row).execute();
}

/** A token that is neither revoked nor past its daily logout at `now`. */
export function findLiveToken(db: Db, tokenHash: string, now: number) {
  return db
    .selectFrom('connectTokens')
    .select(['applicationId', 'clientCode', 'scope', 'createdAt', 'expiresAt'])
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

export async function revokeToken(db: Db, tokenHash: string, now: number) {
  await db
    .updateTable('connectTokens')
    .set({ revokedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Whose live tokens an operator or the kill switch ends: one application, a developer's, a client's. */
export type TokenOwner =
  | { readonly applicationId: string }
  | { readonly developerId: string }
  | { readonly clientCode: string };

/** Revokes the tokens of `owner` that are neither revoked nor past their daily logout; how many. */
export async function revokeLiveTokens(db: Db, owner: TokenOwner, now: number): Promise<number> {
  let query = db
    .updateTable('connectTokens')
    .set({ revokedAt: now })
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now);
  if ('applicationId' in owner) query = query.where('applicationId', '=', owner.applicationId);
  else if ('clientCode' in owner) query = query.where('clientCode', '=', owner.clientCode);
  else {
    query = query.where('applicationId', 'in', (eb) =>
      eb.selectFrom('applications').select('id').where('ownerId', '=', owner.developerId),
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes pending sign-ins past their end, and codes and tokens once the gateway no longer
 * tells an ended token from an unknown one (`endedMs` after their end): a code is kept
 * as long as a token it issued, so a replay still revokes it.
 */
export async function purgeEndedConnect(db: Db, now: number, endedMs: number) {
  const requests = await db
    .deleteFrom('connectRequests')
    .where('expiresAt', '<=', now)
    .executeTakeFirst();
  const tokens = await db
    .deleteFrom('connectTokens')
    .where('expiresAt', '<=', now - endedMs)
    .executeTakeFirst();
  const codes = await db
    .deleteFrom('connectCodes')
    .where('expiresAt', '<=', now - endedMs - DAY_MS)
    .executeTakeFirst();
  return {
    connectRequests: Number(requests.numDeletedRows),
    connectCodes: Number(codes.numDeletedRows),
    connectTokens: Number(tokens.numDeletedRows),
  };
}
