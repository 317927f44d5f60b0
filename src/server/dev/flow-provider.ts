import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { SignJWT } from 'jose';
import type { FlowIdentity } from '../auth/flow-claims.js';

/** The embedded provider's RSA private key (PKCS#8 PEM), kept in DATA_DIR with mode 0600. */
export const FLOW_KEY_FILE = 'flow-provider-key.pem';

/** Hand-off tokens of the embedded provider live 5 minutes. */
export const FLOW_TOKEN_TTL_SECONDS = 5 * 60;

export interface FlowProvider {
  readonly publicKey: KeyObject;
  /** A signed RS256 hand-off token for this identity, issued at `now`. */
  sign(identity: FlowIdentity, now: number): Promise<string>;
}

async function loadOrCreatePrivateKey(dataDir: string): Promise<KeyObject> {
  const file = path.join(dataDir, FLOW_KEY_FILE);
  try {
    const key = createPrivateKey(await readFile(file, 'utf8'));
    await chmod(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' });
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx': when another process won the race, use its key instead of replacing it.
    await writeFile(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return createPrivateKey(await readFile(file, 'utf8'));
  }
  return privateKey;
}

/**
 * Embedded mode's stand-in for the provider's login service: an RSA-2048 key pair made on
 * first start, tokens with the audience the portal expects and the portal as issuer.
 */
export async function loadFlowProvider(
  dataDir: string,
  settings: { readonly audience: string; readonly issuer: string },
): Promise<FlowProvider> {
  const privateKey = await loadOrCreatePrivateKey(dataDir);
  return {
    publicKey: createPublicKey(privateKey),
    sign(identity, now) {
      const issuedAt = Math.floor(now / 1000);
      return new SignJWT({
        client_code: identity.clientCode,
        name: identity.name,
        email: identity.email,
        email_verified: identity.emailVerified,
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
        .setIssuer(settings.issuer)
        .setAudience(settings.audience)
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + FLOW_TOKEN_TTL_SECONDS)
        .sign(privateKey);
    },
  };
}
