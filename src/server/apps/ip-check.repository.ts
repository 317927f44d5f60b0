import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { otherDevelopersIpsQuery } from './apps.repository.js';

/** Which of `ips` another developer has, read outside any transaction (the check saves nothing). */
export async function ipsUsedByOthers(
  db: Kysely<Database>,
  ownerId: string,
  ips: readonly string[],
): Promise<Set<string>> {
  if (ips.length === 0) return new Set();
  const rows = await otherDevelopersIpsQuery(db, ownerId, ips).execute();
  return new Set(rows.map((row) => row.ip));
}
