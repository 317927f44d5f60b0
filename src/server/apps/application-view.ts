import type { Application } from '../../contract/apps.js';
import type { KeysView } from '../keys/key-ring.js';
import type { AppRow, IpRow } from './apps.repository.js';
import { signDocumentLink } from './document-links.js';
import { ipChangeAllowedAt } from './ip-change-lock.js';

export interface ApplicationViewSettings {
  readonly linkSigningSecret: string;
  /** The application's keys as the key ring shows them (decision 024). */
  readonly keys: KeysView;
  readonly ipChangeCooldownDays: number;
}

/** The developer's block outranks the application's: lifting the latter leaves the former. */
function blockOf(row: AppRow): Application['block'] {
  if (row.developerBlockedReason !== null && row.developerBlockedAt !== null) {
    const since = new Date(row.developerBlockedAt).toISOString();
    return { scope: 'developer', reason: row.developerBlockedReason, since };
  }
  if (row.blockedReason !== null && row.blockedAt !== null) {
    const since = new Date(row.blockedAt).toISOString();
    return { scope: 'application', reason: row.blockedReason, since };
  }
  return null;
}

const isoOrNull = (time: number | null) => (time === null ? null : new Date(time).toISOString());

/** An application as the API answers it: its IPs sorted, each proof behind a signed link. */
export function applicationOf(
  stored: { readonly row: AppRow; readonly ips: readonly IpRow[]; readonly now: number },
  settings: ApplicationViewSettings,
): Application {
  const { row, ips, now } = stored;
  return {
    applicationId: row.id,
    applicationName: row.name,
    logoUrl: row.logoUrl,
    logoName: row.logoName,
    callbackUrl: row.callbackUrl,
    postbackUrl: row.postbackUrl ?? '',
    allowedUsers: row.allowedUsers,
    isActive: row.isActive === 1,
    ...settings.keys,
    description: row.description,
    algoId: row.algoId ?? '',
    renewalDate: new Date(row.renewalAt).toISOString(),
    ipChangeAllowedAt: isoOrNull(
      ipChangeAllowedAt(row.ipsChangedAt, settings.ipChangeCooldownDays, now),
    ),
    ipRecordsWithFamilyPending: ips
      .filter((record) => record.applicationId === row.id)
      .map((record) => ({
        ip: record.ip,
        familyPending: record.familyPending === 1,
        adminAccept: record.adminAccept === 1,
        documentUrl:
          record.documentKey === null
            ? null
            : signDocumentLink(settings.linkSigningSecret, record.documentKey, now),
        rejectionReason: record.rejectionReason,
      }))
      .sort((a, b) => (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0)),
    operatorHold:
      row.operatorHoldReason === null || row.operatorHoldAt === null
        ? null
        : { reason: row.operatorHoldReason, since: new Date(row.operatorHoldAt).toISOString() },
    block: blockOf(row),
  };
}
