import * as z from 'zod/mini';

/**
 * The gateway check's contract (docs/gateway.md): the reason codes a refused call carries
 * in `X-Deny-Reason` and in the body's `code`, with the status and the message a developer
 * and the broker's gateway see.
 */
export const GatewayReasons = {
  gateway_token: { status: 401, message: 'The gateway token is missing or wrong' },
  key_missing: { status: 401, message: 'No API key was sent' },
  key_unknown: { status: 401, message: 'This API key is not known' },
  key_expired: { status: 401, message: 'This API key was rolled and its grace period ended' },
  token_unknown: { status: 401, message: 'This access token is not known' },
  token_revoked: { status: 401, message: 'This access token was revoked' },
  token_expired: {
    status: 401,
    message: 'This access token ended at the daily logout; the client must sign in again',
  },
  address_missing: { status: 403, message: 'The gateway sent no caller address' },
  address_not_allowed: { status: 403, message: "{ip} is not on this app's list" },
  proof_pending: { status: 403, message: 'The family proof for {ip} is not accepted yet' },
  proof_rejected: { status: 403, message: 'The family proof for {ip} was rejected' },
  app_paused: { status: 403, message: 'The developer paused this app' },
  app_held: { status: 403, message: 'An operator paused this app: {reason}' },
  app_blocked: { status: 403, message: 'The provider blocked this app: {reason}' },
  developer_blocked: {
    status: 403,
    message: "The provider blocked every app of this app's developer: {reason}",
  },
  state_stale: {
    status: 503,
    message: 'The portal could not refresh its state from the database',
  },
} as const satisfies Record<string, { status: 401 | 403 | 503; message: string }>;

export type GatewayReason = keyof typeof GatewayReasons;
export const GATEWAY_REASONS = Object.keys(GatewayReasons) as [GatewayReason, ...GatewayReason[]];

/**
 * The message of a refusal, with the caller's address and the operator's reason put in. The
 * operator's reason goes in the body only: `X-Deny-Reason` carries the code alone.
 */
export function gatewayMessage(
  reason: GatewayReason,
  ip: string | null,
  operatorReason = '',
): string {
  return GatewayReasons[reason].message
    .replace('{ip}', ip ?? '')
    .replace('{reason}', operatorReason);
}

/** Headers of the check's answer (lower case, as Node hands them over). */
export const GatewayHeaders = {
  applicationId: 'x-application-id',
  developerId: 'x-developer-id',
  clientCode: 'x-client-code',
  algoId: 'x-algo-id',
  /** On an allowed call with an old key: when its roll grace period ends (ISO 8601). */
  keyGraceUntil: 'x-key-grace-until',
  denyReason: 'x-deny-reason',
  /** Seconds since the state was last read from the database, when that failed since. */
  stale: 'x-gateway-stale',
  /** The shared token the gateway sends when GATEWAY_TOKEN is set. */
  token: 'x-gateway-token',
  apiKey: 'x-api-key',
} as const;

export const GatewayAllowedSchema = z.object({
  status: z.literal('success'),
  applicationId: z.string(),
  developerId: z.string(),
  clientCode: z.string(),
  algoId: z.string(),
  keyGraceUntil: z.nullable(z.string()),
});
export type GatewayAllowed = z.infer<typeof GatewayAllowedSchema>;

export const GatewayDeniedSchema = z.object({
  status: z.literal('error'),
  code: z.enum(GATEWAY_REASONS),
  message: z.string(),
});
export type GatewayDenied = z.infer<typeof GatewayDeniedSchema>;

/** `POST /internal/v1/authorize`: what the check reads from headers, as JSON. */
export const GatewayAuthorizeRequestSchema = z.object({
  /**
   * The API key alone, or Kite's `api_key:access_token` (the part before the colon is the
   * key); or, instead, `accessToken`.
   */
  apiKey: z.optional(z.string().check(z.maxLength(500))),
  /** A Connect access token, as the call's `Authorization: Bearer` carries it. */
  accessToken: z.optional(z.string().check(z.maxLength(500))),
  ip: z.string().check(z.maxLength(100)),
});
export type GatewayAuthorizeRequest = z.infer<typeof GatewayAuthorizeRequestSchema>;

/**
 * How current the check's state is (`/healthz`'s `gateway.state`): read from the database at
 * the last interval, answering from an older state while the database is away, or older
 * than GATEWAY_STALE_MAX_S so every call is refused with `state_stale`.
 */
export const GATEWAY_FRESHNESS = ['fresh', 'stale', 'expired'] as const;
export type GatewayFreshnessState = (typeof GATEWAY_FRESHNESS)[number];

export const GatewayLimits = {
  /**
   * Rows of the change log the hourly purge keeps (docs/decisions/056): an instance or a
   * gateway whose cursor is older reads everything again.
   */
  changesKept: 100_000,
  /**
   * How long a Connect access token stays in the check's memory after its daily logout
   * (docs/decisions/059): calls in that time are refused as `token_expired`.
   */
  endedTokensKeptMs: 24 * 60 * 60_000,
  /** Applications per page of the allowlist snapshot: the default and the most a page may ask. */
  allowlistPageDefault: 500,
  allowlistPageMax: 2000,
  /** Rows of the change log per answer of the allowlist's change feed. */
  changesPageDefault: 500,
  changesPageMax: 2000,
} as const;

const pageLimit = (max: number) =>
  z
    .optional(z.string().check(z.regex(/^[1-9]\d{0,3}$/)))
    .check(z.refine((value) => value === undefined || Number(value) <= max));

/** `GET /internal/v1/allowlist`: `cursor` is the previous page's `next`, opaque. */
export const AllowlistQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,300}$/))),
  limit: pageLimit(GatewayLimits.allowlistPageMax),
});

/** `GET /internal/v1/allowlist/changes`: `after` is a change-log sequence number. */
export const AllowlistChangesQuerySchema = z.object({
  after: z.string().check(z.regex(/^\d{1,15}$/)),
  limit: pageLimit(GatewayLimits.changesPageMax),
});

/** The refusals that hold for every call of an application, whatever the key and address. */
export const APPLICATION_REFUSALS = [
  'app_paused',
  'app_held',
  'app_blocked',
  'developer_blocked',
] as const satisfies readonly GatewayReason[];
export type ApplicationRefusal = (typeof APPLICATION_REFUSALS)[number];
/** The refusals of an address on the application's list whose family proof is not accepted. */
export const ADDRESS_REFUSALS = [
  'proof_pending',
  'proof_rejected',
] as const satisfies readonly GatewayReason[];
export type AddressRefusal = (typeof ADDRESS_REFUSALS)[number];

/**
 * What the check decides on for one application (docs/gateway.md, "A gateway's own copy"):
 * keys by their keyed lookup hash only, and every address with its proof state.
 */
export const AllowlistEntrySchema = z.object({
  applicationId: z.string(),
  developerId: z.string(),
  clientCode: z.string(),
  algoId: z.string(),
  /** Null: the application's calls are allowed; else the code and message of every refusal. */
  refusal: z.nullable(z.object({ reason: z.enum(APPLICATION_REFUSALS), message: z.string() })),
  keys: z.array(
    z.object({
      lookupHash: z.string(),
      /** Null for the current key; for a rolled one, when its grace ends (ISO 8601). */
      graceUntil: z.nullable(z.string()),
    }),
  ),
  ips: z.array(z.object({ ip: z.string(), refusal: z.nullable(z.enum(ADDRESS_REFUSALS)) })),
});
export type AllowlistEntry = z.infer<typeof AllowlistEntrySchema>;

export const AllowlistPageSchema = z.object({
  applications: z.array(AllowlistEntrySchema),
  /** The cursor of the next page, null on the last. */
  next: z.nullable(z.string()),
  /** First page only: the change-feed cursor taken before the snapshot was read. */
  changesAfter: z.optional(z.number()),
});
export type AllowlistPage = z.infer<typeof AllowlistPageSchema>;

export const AllowlistChangesSchema = z.object({
  changes: z.array(
    z.object({
      seq: z.number(),
      applicationId: z.nullable(z.string()),
      developerId: z.nullable(z.string()),
    }),
  ),
  /** The current entry of every application the changes name (a developer's: each of theirs). */
  applications: z.array(AllowlistEntrySchema),
  /** Named applications that no longer exist: the gateway forgets them. */
  removed: z.array(z.string()),
  /** The `after` of the next call. */
  next: z.number(),
});
export type AllowlistChanges = z.infer<typeof AllowlistChangesSchema>;

export const AllowlistMessages = {
  badQuery: 'The cursor or limit is not valid',
  cursorGone: 'The change log no longer holds changes this old: take a new snapshot',
} as const;
