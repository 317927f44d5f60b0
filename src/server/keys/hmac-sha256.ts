import { hash, type BinaryLike, type BinaryToTextEncoding } from 'node:crypto';

/** SHA-256's block size in bytes: RFC 2104's B. */
const BLOCK = 64;
const INNER_PAD = 0x36;
const OUTER_PAD = 0x5c;
const SHA256_BYTES = 32;

export interface HmacSha256 {
  (message: string): Buffer;
  (message: string, encoding: BinaryToTextEncoding): string;
}

const asBytes = (key: BinaryLike): Buffer =>
  typeof key === 'string'
    ? Buffer.from(key, 'utf8')
    : Buffer.from(key.buffer, key.byteOffset, key.byteLength);

/**
 * HMAC-SHA256 under `key` (RFC 2104), the same bytes as `createHmac('sha256', key)`, built on
 * Node's one-shot SHA-256. `createHmac` makes a native object per call, held by a weak handle
 * that the next young-generation collection must visit while the event loop waits; at the
 * gateway check's rate those handles took 40 % of each such pause
 * (docs/decisions/076-one-shot-digests.md).
 */
export function createHmacSha256(key: BinaryLike): HmacSha256 {
  const given = asBytes(key);
  const block = given.length > BLOCK ? hash('sha256', given, 'buffer') : given;
  const inner = Buffer.alloc(BLOCK, INNER_PAD);
  const outer = Buffer.alloc(BLOCK + SHA256_BYTES, OUTER_PAD);
  for (const [index, byte] of block.entries()) {
    inner[index] = byte ^ INNER_PAD;
    outer[index] = byte ^ OUTER_PAD;
  }
  function digest(message: string): Buffer;
  function digest(message: string, encoding: BinaryToTextEncoding): string;
  function digest(message: string, encoding?: BinaryToTextEncoding): Buffer | string {
    const innerDigest = hash(
      'sha256',
      Buffer.concat([inner, Buffer.from(message, 'utf8')]),
      'buffer',
    );
    // Synchronous from the copy to the hash: no other call can write `outer` between them.
    innerDigest.copy(outer, BLOCK);
    return encoding === undefined
      ? hash('sha256', outer, 'buffer')
      : hash('sha256', outer, encoding);
  }
  return digest;
}
