import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import {
  ACTIVITY_KINDS,
  ActivityDetailValueSchema,
  ActivityLimits,
  type ActivityEvent,
  type ActivityQuery,
} from '../../contract/activity.js';
import { Messages } from '../../contract/messages.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { decodeCursor, encodeCursor } from './activity-cursor.js';
import { listActivity, type ActivityFilter } from './activity.repository.js';
import { ACTIVITY_CSV_HEADER, activityCsvCells, csvChunks } from './activity-csv.js';

const KindSchema = z.enum(ACTIVITY_KINDS);
const DetailsSchema = z.record(z.string(), ActivityDetailValueSchema);

/** The developer's own activity log: a page of it, or all of it as CSV. */
export function createActivityService(db: Kysely<Database>) {
  function filterOf(developerId: string, query: ActivityQuery): ActivityFilter {
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && before === undefined) {
      throw new AppError('bad_request', Messages.activity.cursorInvalid, { field: 'cursor' });
    }
    return {
      developerId,
      applicationId: query.applicationId,
      kind: query.kind,
      from: query.from === undefined ? undefined : Date.parse(query.from),
      to: query.to === undefined ? undefined : Date.parse(query.to),
      before,
    };
  }

  async function eventsOf(filter: ActivityFilter, limit: number): Promise<ActivityEvent[]> {
    const rows = await listActivity(db, filter, limit);
    return rows.map((row) => ({
      id: row.id,
      kind: KindSchema.parse(row.kind),
      at: new Date(row.at).toISOString(),
      applicationId: row.applicationId,
      ip: row.ip,
      device: row.device,
      details: DetailsSchema.parse(JSON.parse(row.details)),
    }));
  }

  return {
    async page(developerId: string, query: ActivityQuery) {
      const filter = filterOf(developerId, query);
      const events = await eventsOf(filter, ActivityLimits.pageSize + 1);
      const shown = events.slice(0, ActivityLimits.pageSize);
      const last = shown.at(-1);
      const nextCursor =
        events.length > ActivityLimits.pageSize && last !== undefined
          ? encodeCursor({ at: Date.parse(last.at), id: last.id })
          : null;
      return { events: shown, nextCursor };
    },

    /** Every matching event, newest first; the query is judged before the first chunk. */
    csv(developerId: string, query: ActivityQuery): AsyncGenerator<string> {
      const filter = filterOf(developerId, query);
      const batch = ActivityLimits.exportBatchRows;
      return csvChunks(
        ACTIVITY_CSV_HEADER,
        batch,
        (last: ActivityEvent | undefined) =>
          eventsOf(
            {
              ...filter,
              before: last === undefined ? undefined : { at: Date.parse(last.at), id: last.id },
            },
            batch,
          ),
        activityCsvCells,
      );
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
