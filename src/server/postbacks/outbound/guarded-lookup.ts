import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

/** A resolved address the policy refused; the send reports `blocked_address`. */
export class BlockedAddressError extends Error {
  override readonly name = 'BlockedAddressError';
}

/** The name did not resolve; the send reports `dns_failed`. */
export class DnsFailedError extends Error {
  override readonly name = 'DnsFailedError';
}

/**
 * The `lookup` of the socket that delivers a postback. It runs at connect time, on the very
 * addresses the socket then connects to, so a name that answers differently between a check
 * and the connect (DNS rebinding) cannot slip through. One refused address refuses the
 * whole name: a public address beside a private one is how rebinding is usually staged.
 */
export function guardedLookup(
  isAllowed: (address: string) => boolean,
  resolve: LookupFunction = dnsLookup,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, result) => {
      if (error !== null) {
        callback(
          new DnsFailedError(`${hostname} did not resolve: ${error.code ?? error.message}`),
          [],
        );
        return;
      }
      const addresses: LookupAddress[] =
        typeof result === 'string'
          ? [{ address: result, family: result.includes(':') ? 6 : 4 }]
          : result;
      const first = addresses[0];
      if (first === undefined) {
        callback(new DnsFailedError(`${hostname} resolved to no address`), []);
      } else if (!addresses.every((entry) => isAllowed(entry.address))) {
        callback(new BlockedAddressError(`${hostname} resolves to a refused address`), []);
      } else if (options.all === true) {
        callback(null, addresses);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}
