import { deriveLookupKey } from '../keys/key-crypto.js';

const USAGE = 'usage: admin gateway lookup-key';

/**
 * `gateway lookup-key`: the key with which a gateway keeping its own copy of the allowlist
 * hashes the API keys it sees into the snapshot's `lookupHash` (docs/gateway.md), printed
 * alone as base64url so it can be handed over without KEY_ENCRYPTION_SECRET, which also
 * opens the sealed keys (decision 024).
 */
export function runGatewayCommand(
  deps: { readonly keyEncryptionSecret: string },
  args: readonly string[],
): { lines: string[]; exitCode: number } {
  const [group, action, ...rest] = args;
  if (group !== 'gateway' || action !== 'lookup-key' || rest.length > 0) {
    return { lines: [USAGE], exitCode: 2 };
  }
  return { lines: [deriveLookupKey(deps.keyEncryptionSecret).toString('base64url')], exitCode: 0 };
}
