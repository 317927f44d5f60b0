import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createHmacSha256 } from './hmac-sha256.js';

/**
 * API keys at rest (docs/decisions/024-api-keys-at-rest.md): AES-256-GCM under a key
 * derived from KEY_ENCRYPTION_SECRET, with the application id as additional data so a
 * sealed key copied onto another application does not open; and an HMAC-SHA256 under a
 * second derived key, which finds a key without the database holding it readable.
 */
export interface KeyCrypto {
  seal(applicationId: string, key: string): string;
  open(applicationId: string, sealed: string): string;
  lookupHash(key: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
}

/**
 * The HMAC key of `lookupHash`, which a gateway keeping its own copy of the allowlist
 * needs to hash the keys it sees (docs/gateway.md); it opens no sealed key.
 */
export function deriveLookupKey(keyEncryptionSecret: string): Buffer {
  return derive(keyEncryptionSecret, 'portal api-key lookup');
}

/** A new API key: 256 random bits, URL-safe. */
export function newApiKey(): string {
  return randomBytes(32).toString('base64url');
}

export function createKeyCrypto(keyEncryptionSecret: string): KeyCrypto {
  const encryptionKey = derive(keyEncryptionSecret, 'portal api-key encryption');
  const lookup = createHmacSha256(deriveLookupKey(keyEncryptionSecret));
  return {
    seal(applicationId, key) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(Buffer.from(applicationId, 'utf8'));
      const body = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(applicationId, sealed) {
      const [version, packed = ''] = sealed.split('.', 2);
      if (version !== VERSION) throw new Error(`unknown sealed key version ${String(version)}`);
      const bytes = Buffer.from(packed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(applicationId, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const body = bytes.subarray(IV_BYTES + TAG_BYTES);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
    lookupHash(key) {
      return lookup(key, 'base64url');
    },
  };
}
