import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createHmacSha256 } from '../keys/hmac-sha256.js';

/** The cookie of a browser that signed in successfully (OWASP "device cookies"). */
export const DEVICE_COOKIE = 'portal_device';

/**
 * `developerId.nonce.hmac`: the HMAC binds the nonce to the developer, so a value cannot be
 * forged or carried over to another account. The key is derived from the access-token
 * secret with a label of its own, so it needs no setting of its own and signs nothing else.
 */
export function createDeviceCookies(accessTokenSecret: string) {
  const hmac = createHmacSha256(createHmacSha256(accessTokenSecret)('device-cookie key'));
  const sign = (developerId: string, nonce: string) => hmac(`${developerId}:${nonce}`, 'base64url');
  return {
    issue(developerId: string): string {
      const nonce = randomBytes(16).toString('base64url');
      return `${developerId}.${nonce}.${sign(developerId, nonce)}`;
    },
    /** The developer whose valid cookie `token` is, else undefined (no lookup needed). */
    ownerOf(token: string | undefined): string | undefined {
      const owner = token?.split('.')[0];
      return owner !== undefined && this.deviceOf(token, owner) !== undefined ? owner : undefined;
    },
    /** The device's nonce when `token` is a valid cookie of this developer, else undefined. */
    deviceOf(token: string | undefined, developerId: string): string | undefined {
      const [owner, nonce, mac, extra] = token?.split('.') ?? [];
      if (owner !== developerId || nonce === undefined || mac === undefined) return undefined;
      if (extra !== undefined) return undefined;
      const expected = Buffer.from(sign(developerId, nonce));
      const actual = Buffer.from(mac);
      return expected.length === actual.length && timingSafeEqual(expected, actual)
        ? nonce
        : undefined;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
