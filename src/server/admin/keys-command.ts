import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import type { KeyCrypto } from '../keys/key-crypto.js';
import { findKeyOwner } from '../keys/keys.repository.js';

export interface KeysCommandDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly crypto: KeyCrypto;
  /** The key when none is given on the command line: standard input (read-secret.ts). */
  readonly readKey: () => Promise<string>;
}

const USAGE = 'usage: admin keys find [API_KEY] (without API_KEY, the key is read from stdin)';

/**
 * `keys find [KEY]`: whose is a leaked key, and does it still work. Without KEY the key is
 * read from standard input, which keeps it out of shell history. The key is looked up by
 * its keyed hash, the only way the database can find it (decision 024).
 */
export async function runKeysCommand(
  deps: KeysCommandDeps,
  args: readonly string[],
): Promise<{ lines: string[]; exitCode: number }> {
  const [group, action, argument, ...rest] = args;
  if (group !== 'keys' || action !== 'find' || rest.length > 0) {
    return { lines: [USAGE], exitCode: 2 };
  }
  const key = (argument ?? (await deps.readKey())).trim();
  if (key === '') return { lines: [USAGE], exitCode: 2 };
  const owner = await findKeyOwner(deps.db, deps.crypto.lookupHash(key));
  if (owner === undefined) return { lines: ['No application has this key.'], exitCode: 1 };
  const now = deps.clock.now();
  const state =
    owner.expiresAt === null
      ? 'current'
      : owner.expiresAt > now
        ? `old, in its grace period until ${new Date(owner.expiresAt).toISOString()}`
        : `old, stopped at ${new Date(owner.expiresAt).toISOString()}`;
  return {
    lines: [
      `Developer: ${owner.developerName} <${owner.email}> (${owner.developerId})`,
      `Application: ${owner.applicationName} (${owner.applicationId})`,
      `Key: ${state}`,
    ],
    exitCode: 0,
  };
}
