import { randomBytes } from 'node:crypto';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';
import { readOrCreate } from './secrets-file.js';

export interface Secrets {
  /** HMAC key of the access-token JWTs (HS256, pinned). */
  readonly accessTokenSecret: string;
  /** HMAC key that signs the XSRF-TOKEN cookie. */
  readonly xsrfSecret: string;
  /** HMAC key of the one-time code hashes. */
  readonly codeHashSecret: string;
  /** HMAC key of the expiring links to private documents. */
  readonly linkSigningSecret: string;
  /** Derives the AES-256-GCM and HMAC keys of the API keys at rest (decision 024). */
  readonly keyEncryptionSecret: string;
}

const NAMES = [
  'accessTokenSecret',
  'xsrfSecret',
  'codeHashSecret',
  'linkSigningSecret',
  'keyEncryptionSecret',
] as const;

export const SECRETS_FILE = 'secrets.json';

/**
 * Production takes every secret from the environment (config refuses to start without
 * them). Embedded mode generates the missing ones on first start and keeps them in
 * DATA_DIR with mode 0600, so tokens survive a restart; processes starting together on
 * one DATA_DIR end up with the same ones (secrets-file.ts).
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  const fromEnv = config.secrets;
  if (config.mode === 'production') {
    return Object.freeze(
      Object.fromEntries(NAMES.map((name) => [name, required(fromEnv[name], name)])),
    ) as unknown as Secrets;
  }
  const file = path.join(config.dataDir, SECRETS_FILE);
  const stored = await readOrCreate(file, NAMES, () => randomBytes(32).toString('base64url'));
  await chmod(file, 0o600);
  const pick = (name: (typeof NAMES)[number]): string =>
    fromEnv[name] ?? required(stored[name], name);
  return Object.freeze({
    accessTokenSecret: pick('accessTokenSecret'),
    xsrfSecret: pick('xsrfSecret'),
    codeHashSecret: pick('codeHashSecret'),
    linkSigningSecret: pick('linkSigningSecret'),
    keyEncryptionSecret: pick('keyEncryptionSecret'),
  });
}

function required(value: string | undefined, name: string): string {
  if (value === undefined) throw new Error(`secret ${name} is missing`);
  return value;
}
