import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPublicAddress } from './address-policy.js';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  // One address of each class docs/decisions/030-postback-ssrf-guard.md refuses.
  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback, far end', '127.255.255.254'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.31.255.1'],
    ['private 192.168/16', '192.168.0.10'],
    ['link-local', '169.254.1.1'],
    ['cloud metadata', '169.254.169.254'],
    ['CGNAT', '100.64.0.1'],
    ['CGNAT, far end', '100.127.255.254'],
    ['multicast', '224.0.0.251'],
    ['unspecified', '0.0.0.0'],
    ['this network', '0.1.2.3'],
    ['broadcast', '255.255.255.255'],
    ['reserved (class E)', '240.0.0.1'],
    ['documentation', '192.0.2.1'],
    ['benchmarking', '198.18.0.1'],
    ['v6 loopback', '::1'],
    ['v6 unspecified', '::'],
    ['v6 link-local', 'fe80::1'],
    ['v6 ULA', 'fc00::1'],
    ['v6 ULA fd', 'fd12:3456::1'],
    ['v6 cloud metadata', 'fd00:ec2::254'],
    ['v6 multicast', 'ff02::1'],
    ['v6 documentation', '2001:db8::1'],
    ['v4-mapped loopback', '::ffff:127.0.0.1'],
    ['v4-mapped private', '::ffff:10.0.0.1'],
    ['v4-mapped metadata', '::ffff:169.254.169.254'],
    ['v4-translated loopback', '::ffff:0:127.0.0.1'],
    ['NAT64 loopback', '64:ff9b::127.0.0.1'],
    ['NAT64 private', '64:ff9b::192.168.1.1'],
    ['NAT64 local-use prefix', '64:ff9b:1::1'],
    ['v4-compatible loopback', '::127.0.0.1'],
    ['6to4', '2002:7f00:1::1'],
    ['Teredo', '2001:0:4136:e378::1'],
    ['not an address', 'example.com'],
  ])('refuses %s (%s)', (_kind, address) => expect(isPublicAddress(address)).toBe(false));

  it('judges a NAT64 form of a public address as that address', () => {
    expect(isPublicAddress('64:ff9b::8.8.8.8')).toBe(true);
  });
});

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['8.8.8.8', false],
  ])('%s: %s', (address, expected) => expect(isLoopbackAddress(address)).toBe(expected));
});
