/**
 * The developer's activity log: every security-relevant event, written
 * append-only in the same transaction as the change, kept five years.
 */
import * as z from 'zod/mini';
import { ACTIVITY_KINDS } from './activity-kinds.js';
import { ResponseStatusSchema } from './auth.js';

export { ACTIVITY_KINDS, type ActivityKind } from './activity-kinds.js';

/** How long events are kept: the regulator asks brokers for five years. */
export const ACTIVITY_RETENTION_YEARS = 5;

/**
 * What an event records beside its kind and time: plain values only (field names, old and
 * new IP sets, a grace period, a reason). Never a secret.
 */
export type ActivityDetails = Readonly<
  Record<string, string | number | boolean | null | readonly string[]>
>;

/** Paging and export caps of the activity list (ours). */
export const ActivityLimits = {
  pageSize: 20,
  /** A CSV holds every matching event; it is read and sent this many at a time. */
  exportBatchRows: 1000,
  cursorMaxLength: 200,
} as const;

/** `GET /api/v1/activity` and its CSV: every filter optional, `to` exclusive. */
export const ActivityQuerySchema = z.object({
  applicationId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  kind: z.optional(z.enum(ACTIVITY_KINDS)),
  /** ISO 8601 instants: the web app sends the developer's local day boundaries. */
  from: z.optional(z.iso.datetime({ offset: true })),
  to: z.optional(z.iso.datetime({ offset: true })),
  /** The `nextCursor` of the previous page. */
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(ActivityLimits.cursorMaxLength))),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

export const ActivityDetailValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string()),
]);

export const ActivityEventSchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** ISO 8601. */
  at: z.string(),
  applicationId: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  device: z.nullable(z.string()),
  details: z.record(z.string(), ActivityDetailValueSchema),
});
export type ActivityEvent = z.infer<typeof ActivityEventSchema>;

export const ActivityResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  /** Newest first. */
  events: z.array(ActivityEventSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type ActivityResponse = z.infer<typeof ActivityResponseSchema>;
