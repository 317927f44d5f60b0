import type { Kysely } from 'kysely';
import { OpsLimits, type SearchMatch, type SearchResponse } from '../../contract/ops.js';
import { Limits } from '../../contract/limits.js';
import { canonicalIp } from '../../contract/rules.js';
import type { Database } from '../db/schema.js';
import {
  applicationsByClientId,
  applicationsById,
  applicationsByIp,
  applicationsByKeyPrefix,
  developersByEmailPrefix,
  developersByName,
} from './ops-find.repository.js';

const LIMIT = OpsLimits.searchMaxResults;
/** A key prefix is looked up from this many characters (a key is base64url). */
const KEY_PREFIX_MIN = 6;
const KEY_CHARACTERS = /^[A-Za-z0-9_-]+$/;

type FoundApp = Awaited<ReturnType<typeof applicationsById>>[number];

/**
 * Support's search: one box for an e-mail, a name, a client id, an application
 * id, the start of an API key or an IP. Each key is tried that the text could be; every
 * result says which one matched, the first match winning for a row found twice.
 */
export async function searchDevelopersAndApps(
  db: Kysely<Database>,
  text: string,
): Promise<SearchResponse> {
  const q = text.trim();
  const developers = new Map<string, SearchResponse['developers'][number]>();
  const applications = new Map<string, SearchResponse['applications'][number]>();
  const addDevelopers = (rows: { id: string; email: string; name: string }[], by: SearchMatch) => {
    for (const row of rows)
      if (!developers.has(row.id)) developers.set(row.id, { ...row, matchedBy: by });
  };
  const addApps = (rows: FoundApp[], by: SearchMatch) => {
    for (const row of rows) {
      if (applications.has(row.id)) continue;
      applications.set(row.id, { ...row, isActive: row.isActive === 1, matchedBy: by });
    }
  };

  const ip = canonicalIp(q);
  if (ip !== null) addApps(await applicationsByIp(db, ip, LIMIT), 'ip');
  if (q.includes('@')) addDevelopers(await developersByEmailPrefix(db, q, LIMIT), 'email');
  addApps(await applicationsById(db, q), 'application_id');
  addApps(await applicationsByClientId(db, q, LIMIT), 'client_id');
  if (q.length >= KEY_PREFIX_MIN && KEY_CHARACTERS.test(q)) {
    // What the developer reads out: at most the part of the key the portal shows.
    const prefix = q.slice(0, Limits.apiKeyMaskVisible);
    const found = await applicationsByKeyPrefix(db, prefix, LIMIT);
    addApps(
      found.filter((row) => row.keyPrefix?.startsWith(prefix) === true),
      'key_prefix',
    );
  }
  if (ip === null) addDevelopers(await developersByName(db, q, LIMIT), 'name');
  return {
    developers: [...developers.values()].slice(0, LIMIT),
    applications: [...applications.values()].slice(0, LIMIT),
  };
}
