import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ActivityDetails, ActivityKind } from '../../contract/activity.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';

/** Who did it and from where; null fields for events no request caused (an operator's CLI). */
export interface ActivityOrigin {
  readonly ip: string | null;
  /** e.g. 'Chrome on Linux' (src/server/auth/user-agent.ts). */
  readonly device: string | null;
}

export interface NewActivity {
  readonly developerId: string;
  readonly applicationId?: string | null;
  readonly kind: ActivityKind;
  readonly at: number;
  readonly origin: ActivityOrigin;
  readonly details?: ActivityDetails;
}

/** Prepared once: most writes of the portal append an event. */
const insertEvent = preparedQuery(
  8,
  (
    db,
    id: string,
    developerId: string,
    applicationId: string | null,
    kind: ActivityKind,
    at: number,
    ip: string | null,
    device: string | null,
    details: string,
  ) =>
    db
      .insertInto('activityEvents')
      .values({ id, developerId, applicationId, kind, at, ip, device, details }),
);

/**
 * Appends one event. Called with the transaction of the change it records, so the change
 * and its event commit or vanish together. Nothing updates or deletes an event but
 * `purgeActivityBefore`, and the database refuses any other change (migration 0018).
 */
export async function recordActivity(
  trx: Transaction<Database> | Kysely<Database>,
  event: NewActivity,
): Promise<void> {
  await insertEvent(
    trx,
    randomUUID(),
    event.developerId,
    event.applicationId ?? null,
    event.kind,
    event.at,
    event.origin.ip,
    event.origin.device,
    JSON.stringify(event.details ?? {}),
  );
}

/**
 * The retention purge: deletes events older than `before` (epoch ms); returns how many. The
 * log refuses deletes (migration 0018) but of rows older than the gate's cutoff, which is
 * set only inside this transaction.
 */
export function purgeActivityBefore(db: Kysely<Database>, before: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('activityPurgeGate').set({ purgeBefore: before }).execute();
    const result = await trx
      .deleteFrom('activityEvents')
      .where('at', '<', before)
      .executeTakeFirst();
    await trx.updateTable('activityPurgeGate').set({ purgeBefore: 0 }).execute();
    return Number(result.numDeletedRows);
  });
}

export interface ActivityFilter {
  readonly developerId: string;
  readonly applicationId?: string | undefined;
  readonly kind?: ActivityKind | undefined;
  /** Epoch ms, inclusive. */
  readonly from?: number | undefined;
  /** Epoch ms, exclusive. */
  readonly to?: number | undefined;
  /** Only events older than this (at, id) position: the keyset of the previous page. */
  readonly before?: { readonly at: number; readonly id: string } | undefined;
}

/** The developer's events matching `filter`, newest first (at, then id, both descending). */
export async function listActivity(db: Kysely<Database>, filter: ActivityFilter, limit: number) {
  let query = db
    .selectFrom('activityEvents')
    .select(['id', 'applicationId', 'kind', 'at', 'ip', 'device', 'details'])
    .where('developerId', '=', filter.developerId);
  if (filter.applicationId !== undefined) {
    query = query.where('applicationId', '=', filter.applicationId);
  }
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  const { before } = filter;
  if (before !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('at', '<', before.at),
        eb.and([eb('at', '=', before.at), eb('id', '<', before.id)]),
      ]),
    );
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
