import type { Kysely } from 'kysely';
import {
  gatewayMessage,
  type AllowlistChanges,
  type AllowlistEntry,
  type AllowlistPage,
} from '../../contract/gateway.js';
import type { Engine } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { appRefusal, ipReason } from './gateway-state.js';
import {
  applicationIdsAfter,
  applicationsNamedBy,
  gatewayChangesAfter,
  isChangeLogWriteOpen,
  latestGatewayChange,
  loadGatewayRows,
  oldestGatewayChange,
  type GatewayRows,
} from './gateway.repository.js';

export interface AllowlistDeps {
  readonly db: Kysely<Database>;
  readonly engine: Engine;
}

/** How far back the snapshot's change cursor looks for a change that may still commit. */
const OPEN_CHANGES_LOOKBACK = 1000;

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key) ?? [];
    group.push(row);
    groups.set(key, group);
  }
  return groups;
}

/** The entries of the loaded applications, in id order, as the check would read them. */
function entriesOf(rows: GatewayRows): AllowlistEntry[] {
  const ipsOf = groupBy(rows.ips, (row) => row.applicationId);
  const keysOf = groupBy(rows.keys, (row) => row.applicationId);
  return rows.apps
    .map((app): AllowlistEntry => {
      const refusal = appRefusal(app);
      return {
        applicationId: app.id,
        developerId: app.ownerId,
        clientCode: app.clientCode ?? '',
        algoId: app.algoId ?? '',
        refusal:
          refusal === null
            ? null
            : {
                reason: refusal.reason,
                message: gatewayMessage(refusal.reason, null, refusal.operatorReason),
              },
        keys: (keysOf.get(app.id) ?? []).map((key) => ({
          lookupHash: key.lookupHash,
          graceUntil: key.expiresAt === null ? null : new Date(key.expiresAt).toISOString(),
        })),
        ips: (ipsOf.get(app.id) ?? []).map((row) => ({ ip: row.ip, refusal: ipReason(row) })),
      };
    })
    .sort((a, b) => (a.applicationId < b.applicationId ? -1 : 1));
}

/** The snapshot's cursor: the last application id of a page, base64url so it reads as opaque. */
const encodeCursor = (applicationId: string) =>
  Buffer.from(applicationId, 'utf8').toString('base64url');

/** The application id of a page cursor, or null when it is not one this server wrote. */
export function decodeCursor(cursor: string): string | null {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return id !== '' && encodeCursor(id) === cursor ? id : null;
}

/**
 * The highest cursor that skips no change: past the rows read when no transaction may still
 * commit a missing number below them, else up to the first missing one. The rows must be
 * read before this asks (docs/decisions/058-gateway-allowlist-feed.md).
 */
async function settledCursor(deps: AllowlistDeps, after: number, seqs: readonly number[]) {
  let contiguous = after;
  for (const seq of seqs) {
    if (seq !== contiguous + 1) break;
    contiguous = seq;
  }
  const last = seqs.at(-1) ?? after;
  if (contiguous === last) return last;
  return (await isChangeLogWriteOpen(deps.db, deps.engine)) ? contiguous : last;
}

/**
 * What a gateway that keeps its own copy reads (docs/gateway.md, "A gateway's own copy"):
 * a keyset-paged snapshot and the changes after a cursor.
 */
export function createAllowlist(deps: AllowlistDeps) {
  const { db } = deps;

  /** Taken before the snapshot is read, so a change made while it is read is listed after it. */
  async function changesCursor() {
    const latest = await latestGatewayChange(db);
    const from = Math.max(latest - OPEN_CHANGES_LOOKBACK, (await oldestGatewayChange(db)) - 1, 0);
    const tail = await gatewayChangesAfter(db, from, OPEN_CHANGES_LOOKBACK);
    return settledCursor(
      deps,
      from,
      tail.map((row) => row.seq),
    );
  }

  return {
    /** `afterId` null: the first page, which also carries `changesAfter`. */
    async page(afterId: string | null, limit: number): Promise<AllowlistPage> {
      const changesAfter = afterId === null ? await changesCursor() : undefined;
      const ids = await applicationIdsAfter(db, afterId, limit + 1);
      const pageIds = ids.slice(0, limit);
      const last = pageIds.at(-1);
      return {
        applications: entriesOf(await loadGatewayRows(db, { ids: pageIds })),
        next: ids.length > limit && last !== undefined ? encodeCursor(last) : null,
        ...(changesAfter === undefined ? {} : { changesAfter }),
      };
    },

    /** Null when the log no longer holds the changes right after `after` (or never did). */
    async changes(after: number, limit: number): Promise<AllowlistChanges | null> {
      const rows = await gatewayChangesAfter(db, after, limit);
      const oldest = await oldestGatewayChange(db);
      const latest = await latestGatewayChange(db);
      if (after > latest || oldest > after + 1) return null;
      const applicationIds = await applicationsNamedBy(db, rows);
      const applications = entriesOf(await loadGatewayRows(db, { ids: applicationIds }));
      const present = new Set(applications.map((entry) => entry.applicationId));
      return {
        changes: rows,
        applications,
        removed: applicationIds.filter((id) => !present.has(id)).sort(),
        next: await settledCursor(
          deps,
          after,
          rows.map((row) => row.seq),
        ),
      };
    },
  };
}

export type Allowlist = ReturnType<typeof createAllowlist>;
