import { OpsApiPaths, type AuditQuery, type AuditResponse } from '../../contract/ops.js';
import { opsCall, opsDownload } from './ops-call.js';
import { withQuery } from './query-string.js';

/** The operators' audit log: a page at a time, and as CSV with the same filters. */
export const auditApi = {
  page: (query: AuditQuery) => opsCall<AuditResponse>('get', withQuery(OpsApiPaths.audit, query)),
  csv: (query: AuditQuery) => opsDownload(withQuery(OpsApiPaths.auditCsv, query)),
};

export const auditKeys = {
  page: (query: AuditQuery) => ['ops', 'audit', query] as const,
};
