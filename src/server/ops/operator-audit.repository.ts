import type { Kysely, Transaction } from 'kysely';
import type { OperatorAction } from '../../contract/ops.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditRecord {
  readonly at: number;
  readonly operator: { readonly id: string; readonly email: string };
  readonly action: OperatorAction;
  readonly developerId?: string | null;
  readonly applicationId?: string | null;
  /** What it was done to, as the screens name it: an e-mail, an application's name and IP. */
  readonly target: string;
  readonly reason?: string | null;
  /** The operator's address (the request's client IP, decision 014). */
  readonly ip: string;
  readonly details?: Readonly<Record<string, string | number | boolean | null>>;
}

/**
 * Appends one entry to the operators' audit, in the transaction of the action it
 * records. Nothing updates or deletes an entry.
 */
export async function recordOperatorAction(db: Db, record: AuditRecord): Promise<void> {
  await db
    .insertInto('operatorAudit')
    .values({
      at: record.at,
      operatorId: record.operator.id,
      operatorEmail: record.operator.email,
      action: record.action,
      developerId: record.developerId ?? null,
      applicationId: record.applicationId ?? null,
      target: record.target,
      reason: record.reason ?? null,
      details: JSON.stringify(record.details ?? {}),
      ip: record.ip,
    })
    .execute();
}

export interface AuditFilter {
  readonly operatorEmail?: string | undefined;
  readonly action?: OperatorAction | undefined;
  readonly developerId?: string | undefined;
  /** Epoch ms, inclusive. */
  readonly from?: number | undefined;
  /** Epoch ms, exclusive. */
  readonly to?: number | undefined;
  /** Only entries older than this one (the keyset of the previous page). */
  readonly beforeSeq?: number | undefined;
}

/** Entries matching `filter`, newest first. */
export function listAudit(db: Db, filter: AuditFilter, limit: number) {
  let query = db
    .selectFrom('operatorAudit')
    .select([
      'seq',
      'at',
      'operatorEmail',
      'action',
      'developerId',
      'applicationId',
      'target',
      'reason',
      'ip',
    ]);
  if (filter.operatorEmail !== undefined) {
    query = query.where('operatorEmail', '=', filter.operatorEmail);
  }
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.developerId !== undefined) query = query.where('developerId', '=', filter.developerId);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  if (filter.beforeSeq !== undefined) query = query.where('seq', '<', filter.beforeSeq);
  return query.orderBy('seq', 'desc').limit(limit).execute();
}
