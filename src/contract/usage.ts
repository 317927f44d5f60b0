import * as z from 'zod/mini';
import { ResponseStatusSchema } from './auth.js';
import { GATEWAY_REASONS } from './gateway.js';

/**
 * An application's usage as the gateway check saw it (docs/gateway.md, "Usage"): calls
 * allowed and refused by reason over a window, and the last refused source addresses.
 */
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export const UsageWindows = {
  '24h': { buckets: 24, bucketMs: HOUR_MS },
  '7d': { buckets: 7, bucketMs: DAY_MS },
} as const;
export type UsageWindow = keyof typeof UsageWindows;
const USAGE_WINDOWS = Object.keys(UsageWindows) as [UsageWindow, ...UsageWindow[]];

export const UsageLimits = {
  /** Refused source addresses kept per application, the most recent first. */
  refusedAddressesKept: 20,
  /** `GATEWAY_USAGE_RETENTION_DAYS`: how long the per-minute counts are kept. */
  retentionDays: 90,
  /** `GATEWAY_USAGE_FLUSH_MS`: how often each instance writes its counts. */
  flushMs: 5000,
} as const;

/** `?window=`: 24h (hourly buckets) unless 7d (daily buckets) is asked. */
export const UsageQuerySchema = z.object({ window: z.optional(z.enum(USAGE_WINDOWS)) });
export type UsageQuery = z.infer<typeof UsageQuerySchema>;

const ReasonCountSchema = z.object({ reason: z.enum(GATEWAY_REASONS), count: z.number() });

export const UsageBucketSchema = z.object({
  /** The bucket's first instant (ISO 8601, UTC): an hour for 24h, a day for 7d. */
  start: z.string(),
  allowed: z.number(),
  refused: z.number(),
  /** The refusals by reason, most first; only reasons that occurred. */
  reasons: z.array(ReasonCountSchema),
});
export type UsageBucket = z.infer<typeof UsageBucketSchema>;

export const RefusedAddressSchema = z.object({
  ip: z.string(),
  reason: z.enum(GATEWAY_REASONS),
  /** What the gateway answered: "203.0.113.9 is not on this app's list". */
  message: z.string(),
  /** When this address was last refused (ISO 8601). */
  at: z.string(),
});
export type RefusedAddress = z.infer<typeof RefusedAddressSchema>;

export const UsageSchema = z.object({
  window: z.enum(USAGE_WINDOWS),
  /** Oldest first, the last one the current hour or day. */
  buckets: z.array(UsageBucketSchema),
  /** Most recent first, at most UsageLimits.refusedAddressesKept. */
  refusedAddresses: z.array(RefusedAddressSchema),
});
export type Usage = z.infer<typeof UsageSchema>;

export const UsageResponseSchema = z.extend(UsageSchema, {
  status: ResponseStatusSchema,
  message: z.string(),
});
export type UsageResponse = z.infer<typeof UsageResponseSchema>;

export const UsageMessages = {
  listed: 'Usage fetched',
} as const;
