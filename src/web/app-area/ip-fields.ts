import type { IpRecord } from '../../contract/apps.js';
import {
  classifyIpEntries,
  type IpCheckResult,
  type IpCheckState,
} from '../../contract/ip-check.js';
import { canonicalIp, normalizeIpList } from '../../contract/rules.js';

/** The family-proof states of one IP (docs/product.md section 4). */
export type ProofState = 'notNeeded' | 'uploadRequired' | 'pending' | 'accepted';

/**
 * The proof state of the IP typed in a row: from its stored record, or, for an IP known to
 * need a proof (the server's duplicate list or the live check), from whether a document has
 * been chosen.
 */
export function proofStateOf(
  entry: string,
  records: readonly IpRecord[],
  duplicates: readonly string[],
  chosen: ReadonlyMap<string, File>,
): ProofState {
  const ip = canonicalIp(entry.trim());
  if (ip === null) return 'notNeeded';
  const record = records.find((candidate) => candidate.ip === ip);
  if (record?.adminAccept === true) return 'accepted';
  const needsProof = record === undefined ? duplicates.includes(ip) : record.familyPending;
  if (!needsProof) return 'notNeeded';
  const hasDocument = record !== undefined && record.documentUrl !== null;
  return hasDocument || chosen.has(ip) ? 'pending' : 'uploadRequired';
}

/** The chosen documents still matching a row, so no field names an IP that is not sent. */
export function documentsToSend(
  entries: readonly string[],
  chosen: ReadonlyMap<string, File>,
): Map<string, File> {
  const ips = new Set(normalizeIpList(entries));
  return new Map([...chosen].filter(([ip]) => ips.has(ip)));
}

/** The first IP still in the rows that needs a document and has none chosen. */
export function missingProofOf(
  entries: readonly string[],
  duplicates: readonly string[],
  chosen: ReadonlyMap<string, File>,
): string | undefined {
  return normalizeIpList(entries).find((ip) => duplicates.includes(ip) && !chosen.has(ip));
}

/**
 * Each row's state: invalid, duplicate and stored at once, from the rows themselves; whether
 * another developer has the IP from the server's answer, used only while it answers exactly
 * these entries (an answer to older text is ignored).
 */
export function rowStatesOf(
  entries: readonly string[],
  stored: ReadonlySet<string>,
  answer: readonly IpCheckResult[] | undefined,
): (IpCheckState | undefined)[] {
  const isCurrent =
    answer !== undefined &&
    answer.length === entries.length &&
    answer.every((result, index) => result.entry === entries[index]);
  return classifyIpEntries(entries, stored, new Set()).map(({ entry, state }, index) => {
    if (entry.trim() === '') return undefined;
    if (state !== 'available') return state;
    return isCurrent ? answer[index]?.state : undefined;
  });
}

/** The IPs the live check found used by another developer (canonical). */
export function proofNeededIps(
  entries: readonly string[],
  states: readonly (IpCheckState | undefined)[],
): string[] {
  return normalizeIpList(entries.filter((_, index) => states[index] === 'proofNeeded'));
}
