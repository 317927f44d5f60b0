import * as z from 'zod/mini';
import { ResponseStatusSchema } from './auth.js';
import { GATEWAY_REASONS, type GatewayReason } from './gateway.js';

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
  // ours: the Usage section of the update screen and of the console's application page
  // (docs/product.md sections 2.8 and 2.14).
  title: 'Usage',
  lead: "Calls the provider's API gateway checked for this app, allowed and refused, and why. New calls show within a few seconds.",
  windowLabel: 'Period',
  windows: { '24h': 'Last 24 hours', '7d': 'Last 7 days' },
  chartTitle: { '24h': 'Calls per hour, your time', '7d': 'Calls per day, UTC days' },
  bucketHeading: { '24h': 'Hour starting', '7d': 'Day (UTC)' },
  allowed: 'Allowed',
  refused: 'Refused',
  byReason: 'Refused by reason',
  reasonsHeading: 'Reasons',
  chartSummary: (allowed: number, refused: number) =>
    `${String(allowed)} allowed and ${String(refused)} refused calls`,
  showTable: 'Show the counts as a table',
  noCalls: { '24h': 'No calls in the last 24 hours.', '7d': 'No calls in the last 7 days.' },
  refusedAddresses: 'Last refused addresses',
  noRefusedAddresses: 'No call has been refused.',
  address: 'Address',
  reason: 'Reason',
  lastRefused: 'Last refused',
  loading: 'Loading usage…',
} as const;

/** ours: each refusal reason as a short label for the refusals by reason. */
export const UsageReasonLabels = {
  gateway_token: 'Gateway token missing or wrong',
  key_missing: 'No API key sent',
  key_unknown: 'API key not known',
  key_expired: 'Rolled key past its grace period',
  token_unknown: 'Connect token not known',
  token_revoked: 'Connect token revoked',
  token_expired: 'Connect token past the daily logout',
  address_missing: 'No caller address sent',
  address_not_allowed: "Address not on the app's list",
  proof_pending: 'Family proof not accepted yet',
  proof_rejected: 'Family proof rejected',
  app_paused: 'Paused by the developer',
  app_held: 'Paused by an operator',
  app_blocked: 'App blocked by the provider',
  developer_blocked: 'Every app of the developer blocked',
  state_stale: 'Portal state out of date',
} as const satisfies Record<GatewayReason, string>;
