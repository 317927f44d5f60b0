import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** SQL of the console's search: one query a key, each capped at `limit`. */
type Db = Kysely<Database>;

/** `value` as a LIKE pattern that matches it literally (escape character `\`). */
const literal = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function developersByEmailPrefix(db: Db, email: string, limit: number) {
  return db
    .selectFrom('developers')
    .select(['id', 'email', 'name'])
    .where(sql<boolean>`email_normalized like ${`${literal(email.toLowerCase())}%`} escape '\\'`)
    .orderBy('emailNormalized')
    .limit(limit)
    .execute();
}

export function developersByName(db: Db, name: string, limit: number) {
  return db
    .selectFrom('developers')
    .select(['id', 'email', 'name'])
    .where(sql<boolean>`lower(name) like ${`%${literal(name.toLowerCase())}%`} escape '\\'`)
    .orderBy('name')
    .limit(limit)
    .execute();
}

function applications(db: Db) {
  return db
    .selectFrom('applications')
    .innerJoin('developers', 'developers.id', 'applications.ownerId')
    .select([
      'applications.id',
      'applications.name',
      'applications.allowedUsers as clientId',
      'applications.isActive',
      'developers.id as developerId',
      'developers.email as developerEmail',
    ]);
}

export function applicationsById(db: Db, id: string) {
  return applications(db).where('applications.id', '=', id).execute();
}

/** Client ids as typed, in any case. */
export function applicationsByClientId(db: Db, clientId: string, limit: number) {
  return applications(db)
    .where(sql<boolean>`lower(applications.allowed_users) = ${clientId.toLowerCase()}`)
    .orderBy('applications.name')
    .limit(limit)
    .execute();
}

export function applicationsByIp(db: Db, ip: string, limit: number) {
  return applications(db)
    .where('applications.id', 'in', (records) =>
      records.selectFrom('ipRecords').select('applicationId').where('ip', '=', ip),
    )
    .orderBy('applications.name')
    .limit(limit)
    .execute();
}

/**
 * Applications with a live key starting with `prefix` (LIKE is case-blind on SQLite for
 * ASCII: the caller keeps the exact matches).
 */
export function applicationsByKeyPrefix(db: Db, prefix: string, limit: number) {
  return applications(db)
    .innerJoin('apiKeys', 'apiKeys.applicationId', 'applications.id')
    .select('apiKeys.keyPrefix')
    .where(sql<boolean>`api_keys.key_prefix like ${`${literal(prefix)}%`} escape '\\'`)
    .orderBy('applications.name')
    .limit(limit)
    .execute();
}
