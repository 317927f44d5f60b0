import { Messages } from '../../contract/messages.js';
import { canonicalIp } from '../../contract/rules.js';
import { AppError } from '../errors.js';

/** Comma-joined IPs: trimmed, empty entries dropped, each valid, canonical, unique, capped. */
export function parseIpList(raw: string, maxIps: number): string[] {
  const unique = new Set<string>();
  for (const entry of raw.split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    const ip = canonicalIp(trimmed);
    if (ip === null) throw new AppError('bad_request', Messages.apps.invalidIp(trimmed));
    unique.add(ip);
  }
  if (unique.size > maxIps) throw new AppError('bad_request', Messages.ips.maxIpsFor(maxIps));
  return [...unique];
}
