import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHmacSha256 } from './hmac-sha256.js';

const MESSAGES = [
  '',
  'a',
  'k7Jq-api-key_0123456789abcdefghijklmnopqrstuv',
  '₹ रुपया ✓',
  'x'.repeat(1000),
];

describe('createHmacSha256', () => {
  it.each([0, 1, 32, 63, 64, 65, 200])('gives createHmac’s bytes under a %i-byte key', (length) => {
    const key = randomBytes(length);
    const hmac = createHmacSha256(key);
    for (const message of MESSAGES) {
      const bytes = createHmac('sha256', key).update(message, 'utf8').digest();
      expect(hmac(message).equals(bytes)).toBe(true);
      expect(hmac(message, 'base64url')).toBe(bytes.toString('base64url'));
      expect(hmac(message, 'hex')).toBe(bytes.toString('hex'));
    }
  });

  it('takes a string key as its UTF-8 bytes, and a view of a larger buffer as the view alone', () => {
    const secret = 'portal secret ₹';
    expect(createHmacSha256(secret)('m', 'hex')).toBe(
      createHmac('sha256', secret).update('m').digest('hex'),
    );
    const whole = randomBytes(48);
    const view = whole.subarray(8, 40);
    expect(createHmacSha256(view)('m', 'hex')).toBe(
      createHmac('sha256', view).update('m').digest('hex'),
    );
  });

  it('gives the same answer on every call: no state carries over', () => {
    const hmac = createHmacSha256(randomBytes(32));
    const first = hmac('one', 'hex');
    hmac('x'.repeat(500));
    expect(hmac('one', 'hex')).toBe(first);
  });
});
