import ipaddr from 'ipaddr.js';
import { classifyIpEntries, type IpCheckResult } from '../../contract/ip-check.js';
import { Messages } from '../../contract/messages.js';
import { normalizeIpList } from '../../contract/rules.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { findAppWithIpsOf } from './apps.repository.js';
import { ipsUsedByOthers } from './ip-check.repository.js';

/**
 * An address in the spelling the IP rows keep (`canonicalIp`): an IPv4-mapped IPv6 peer
 * (a dual-stack listener) as its IPv4, other IPv6 as eight groups without leading zeros.
 */
export function rowSpellingOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  return parsed.kind() === 'ipv4'
    ? parsed.toString()
    : (parsed as ipaddr.IPv6).toNormalizedString();
}

/**
 * The IP rows' check (docs/decisions/025): what a save would find for each typed entry,
 * saving nothing. It tells that a proof will be needed, never whose the IP is.
 */
export function createIpCheckService(db: Db) {
  return {
    async check(
      developerId: string,
      entries: readonly string[],
      applicationId: string | undefined,
    ): Promise<IpCheckResult[]> {
      let stored = new Set<string>();
      if (applicationId !== undefined) {
        const found = await findAppWithIpsOf(db.kysely, developerId, applicationId);
        if (found === undefined) throw new AppError('not_found', Messages.apps.notFound);
        stored = new Set(found.ips.map((record) => record.ip));
      }
      const fresh = normalizeIpList(entries).filter((ip) => !stored.has(ip));
      const usedByOthers = await ipsUsedByOthers(db.kysely, developerId, fresh);
      return classifyIpEntries(entries, stored, usedByOthers);
    },
  };
}

export type IpCheckService = ReturnType<typeof createIpCheckService>;
