import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, trustProxyWarning } from './trust-proxy.js';

describe('fastifyTrustProxy', () => {
  it('trusts the nearest hops of a hop count only from private or loopback addresses', () => {
    const trust = fastifyTrustProxy(1);
    if (typeof trust !== 'function') throw new Error('a hop count becomes a function');
    expect(trust('10.1.2.3', 0)).toBe(true);
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('::ffff:192.168.0.9', 0)).toBe(true);
    expect(trust('fd12::1', 0)).toBe(true);
    expect(trust('10.1.2.3', 1)).toBe(false);
    expect(trust('203.0.113.9', 0)).toBe(false);
    expect(trust('2001:db8::1', 0)).toBe(false);
  });

  it('passes addresses as a list and booleans as they are', () => {
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});

describe('trustProxyWarning', () => {
  it('warns about TRUST_PROXY=true only', () => {
    expect(trustProxyWarning(true)).toMatch(/^TRUST_PROXY=true .*TRUST_PROXY=1/);
    expect(trustProxyWarning(1)).toBeUndefined();
    expect(trustProxyWarning(['10.0.0.1'])).toBeUndefined();
    expect(trustProxyWarning(false)).toBeUndefined();
  });
});
