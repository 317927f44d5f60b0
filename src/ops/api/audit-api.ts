import { OpsApiPaths, type AuditQuery, type AuditResponse } from '../../contract/ops.js';
import { call, download } from '../../web/api/http.js';
import { withQuery } from './query-string.js';

/** The operators' audit log (issue 12): a page at a time, and as CSV with the same filters. */
export const auditApi = {
  page: (query: AuditQuery) => call<AuditResponse>('get', withQuery(OpsApiPaths.audit, query)),
  csv: (query: AuditQuery) => download(withQuery(OpsApiPaths.auditCsv, query)),
};

export const auditKeys = {
  page: (query: AuditQuery) => ['ops', 'audit', query] as const,
};
