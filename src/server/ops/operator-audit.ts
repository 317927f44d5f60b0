import type { Kysely } from 'kysely';
import {
  OpsLimits,
  type AuditEntry,
  type AuditQuery,
  type AuditResponse,
} from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { csvChunks } from '../activity/activity-csv.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Clock } from '../clock.js';
import type { Actor } from './operator-accounts.js';
import { listAudit, recordOperatorAction, type AuditFilter } from './operator-audit.repository.js';

const CURSOR = /^[1-9][0-9]{0,15}$/;
/** `seq` is an `integer` column (migration 0015): PostgreSQL fails a comparison past this. */
const SEQ_MAX = 2 ** 31 - 1;
const HEADER = [
  'time',
  'operator',
  'action',
  'action_code',
  'target',
  'developer_id',
  'application_id',
  'reason',
  'ip',
];

/** The operators' audit: pages newest first, and the CSV of the same filters. */
export function createOperatorAudit(db: Kysely<Database>, clock: Clock) {
  function filterOf(query: AuditQuery): AuditFilter {
    const { cursor } = query;
    // A cursor past any entry is none this audit issued: refused like any other (not a 500).
    if (cursor !== undefined && (!CURSOR.test(cursor) || Number(cursor) > SEQ_MAX)) {
      throw new AppError('bad_request', OpsMessages.audit.cursorInvalid, { field: 'cursor' });
    }
    return {
      operatorEmail: query.operator?.trim().toLowerCase() || undefined,
      action: query.action,
      developerId: query.developerId,
      from: query.from === undefined ? undefined : Date.parse(query.from),
      to: query.to === undefined ? undefined : Date.parse(query.to),
      beforeSeq: query.cursor === undefined ? undefined : Number(query.cursor),
    };
  }

  async function entries(filter: AuditFilter, limit: number) {
    const rows = await listAudit(db, filter, limit);
    return rows.map((row): AuditEntry => ({
      id: String(row.seq),
      at: new Date(row.at).toISOString(),
      operatorEmail: row.operatorEmail,
      action: row.action,
      target: row.target,
      developerId: row.developerId,
      applicationId: row.applicationId,
      reason: row.reason,
      ip: row.ip,
    }));
  }

  return {
    async page(query: AuditQuery): Promise<AuditResponse> {
      const found = await entries(filterOf(query), OpsLimits.auditPageSize + 1);
      const page = found.slice(0, OpsLimits.auditPageSize);
      const last = page.at(-1);
      return {
        entries: page,
        nextCursor: found.length > OpsLimits.auditPageSize && last !== undefined ? last.id : null,
      };
    },

    /**
     * Every matching entry, newest first; the query is judged, and the export itself
     * written to the audit with its filters, before the first chunk.
     */
    async csv(query: AuditQuery, actor: Actor): Promise<AsyncGenerator<string>> {
      const filter = filterOf(query);
      const filters = Object.entries(query).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, value] as const],
      );
      await recordOperatorAction(db, {
        ...actor,
        at: clock.now(),
        action: 'audit.exported',
        target: OpsMessages.audit.csvFileName,
        details: Object.fromEntries(filters),
      });
      const batch = OpsLimits.auditExportBatchRows;
      return csvChunks(
        HEADER,
        batch,
        (last: AuditEntry | undefined) =>
          entries(
            { ...filter, beforeSeq: last === undefined ? filter.beforeSeq : Number(last.id) },
            batch,
          ),
        (entry) => [
          entry.at,
          entry.operatorEmail,
          OpsMessages.audit.actions[entry.action],
          entry.action,
          entry.target,
          entry.developerId ?? '',
          entry.applicationId ?? '',
          entry.reason ?? '',
          entry.ip,
        ],
      );
    },
  };
}

export type OperatorAudit = ReturnType<typeof createOperatorAudit>;
