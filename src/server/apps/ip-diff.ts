/** What an allowlist edit does: the IPs it adds and the stored records it removes. */
export interface IpDiff<R extends { readonly ip: string }> {
  readonly added: readonly string[];
  readonly removed: readonly R[];
  readonly isChange: boolean;
}

export function diffIps<R extends { readonly ip: string }>(
  current: readonly R[],
  next: readonly string[],
): IpDiff<R> {
  const currentIps = new Set(current.map((record) => record.ip));
  const nextIps = new Set(next);
  const added = next.filter((ip) => !currentIps.has(ip));
  const removed = current.filter((record) => !nextIps.has(record.ip));
  return { added, removed, isChange: added.length > 0 || removed.length > 0 };
}
