import type { Application } from '../../contract/apps.js';
import type { AppRow, IpRow } from './apps.repository.js';
import { signDocumentLink } from './document-links.js';

/** An application as the API answers it: its IPs sorted, each proof behind a signed link. */
export function applicationOf(
  row: AppRow,
  ips: readonly IpRow[],
  linkSigningSecret: string,
  now: number,
): Application {
  return {
    applicationId: row.id,
    applicationName: row.name,
    logoUrl: row.logoUrl,
    callbackUrl: row.callbackUrl,
    postbackUrl: row.postbackUrl ?? '',
    allowedUsers: row.allowedUsers,
    isActive: row.isActive === 1,
    secret: row.apiKey,
    description: row.description,
    algoId: row.algoId ?? '',
    renewalDate: new Date(row.renewalAt).toISOString(),
    ipRecordsWithFamilyPending: ips
      .filter((record) => record.applicationId === row.id)
      .map((record) => ({
        ip: record.ip,
        familyPending: record.familyPending === 1,
        adminAccept: record.adminAccept === 1,
        documentUrl:
          record.documentKey === null
            ? null
            : signDocumentLink(linkSigningSecret, record.documentKey, now),
      }))
      .sort((a, b) => (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0)),
  };
}
