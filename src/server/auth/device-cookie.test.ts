import { describe, expect, it } from 'vitest';
import { createDeviceCookies } from './device-cookie.js';

describe('device cookies', () => {
  const cookies = createDeviceCookies('a'.repeat(32));

  it('trusts a cookie it issued, for its developer only', () => {
    const token = cookies.issue('dev-1');
    const nonce = cookies.deviceOf(token, 'dev-1');
    expect(nonce).toMatch(/^[\w-]{22}$/);
    expect(cookies.deviceOf(token, 'dev-2')).toBeUndefined();
  });

  it('refuses a changed, foreign or malformed value', () => {
    const [owner = '', nonce = '', mac = ''] = cookies.issue('dev-1').split('.');
    const other = createDeviceCookies('b'.repeat(32)).issue('dev-1');
    for (const token of [
      `${owner}.${nonce}x.${mac}`,
      `${owner}.${nonce}.${mac}.extra`,
      `${owner}.${nonce}`,
      other,
      '',
      undefined,
    ]) {
      expect(cookies.deviceOf(token, 'dev-1')).toBeUndefined();
    }
  });
});
