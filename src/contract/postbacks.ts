import * as z from 'zod/mini';
import { ResponseStatusSchema } from './auth.js';
import { KeyGraceSchema } from './keys.js';

/**
 * Postbacks: order updates from the trading platform, signed per the Standard
 * Webhooks specification and delivered to the application's postback URL with retries
 * (docs/decisions/031-postback-delivery.md).
 */
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * When each attempt is due, counted from the failure before it: Svix's schedule (at once,
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), eight attempts in all.
 */
export const POSTBACK_RETRY_DELAYS_MS = [
  5 * SECOND_MS,
  5 * MINUTE_MS,
  30 * MINUTE_MS,
  2 * HOUR_MS,
  5 * HOUR_MS,
  10 * HOUR_MS,
  10 * HOUR_MS,
] as const;
export const POSTBACK_MAX_ATTEMPTS = POSTBACK_RETRY_DELAYS_MS.length + 1;

export const PostbackLimits = {
  /** The log keeps this many events per application, newest first. */
  eventsKept: 100,
  /**
   * A caller's event id is answered as a duplicate for at least this many days, however
   * few events the log still keeps (ours; `POSTBACK_EVENT_ID_WINDOW_DAYS`, decision 050).
   */
  eventIdWindowDays: 30,
  /** The test button shows this much of the answer. */
  testResponseBytes: 1024,
  /** Test sends per developer and window (ours: each one makes an outbound request). */
  testSends: 10,
  testWindowMs: MINUTE_MS,
  /** Caller-supplied identifiers and types (ours). */
  eventIdMax: 200,
  eventTypeMax: 100,
  /** The intake payload as JSON, at most (ours). */
  payloadMaxBytes: 32 * 1024,
  /** Standard Webhooks secrets are 24 to 64 random bytes; ours are 32. */
  secretBytes: 32,
} as const;

export const POSTBACK_STATES = ['pending', 'delivered', 'failed'] as const;
export type PostbackState = (typeof POSTBACK_STATES)[number];
export const PostbackStateSchema = z.enum(POSTBACK_STATES);

/** The type of the test button's sample event. */
export const TEST_EVENT_TYPE = 'order.updated';

/** `POST /internal/v1/postbacks`: one event from the trading platform. */
export const PostbackIntakeRequestSchema = z.strictObject({
  applicationId: z.string().check(z.minLength(1), z.maxLength(200)),
  /** The caller's id: the same id again is the same event (idempotency). */
  eventId: z.string().check(z.minLength(1), z.maxLength(PostbackLimits.eventIdMax)),
  eventType: z
    .string()
    .check(z.minLength(1), z.maxLength(PostbackLimits.eventTypeMax), z.regex(/^[A-Za-z0-9_.-]+$/)),
  payload: z.record(z.string(), z.unknown()),
});
export type PostbackIntakeRequest = z.infer<typeof PostbackIntakeRequestSchema>;

/** `skipped`: the application is paused; nothing was queued or stored. */
export const PostbackIntakeResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  /** The caller's event id, as sent. */
  eventId: z.string(),
  /** The portal's id of the event (the delivery log's); null when skipped or no longer logged. */
  id: z.nullable(z.string()),
  state: z.enum([...POSTBACK_STATES, 'skipped']),
});
export type PostbackIntakeResponse = z.infer<typeof PostbackIntakeResponseSchema>;

export const PostbackAttemptSummarySchema = z.object({
  number: z.number(),
  /** ISO 8601. */
  at: z.string(),
  responseStatus: z.nullable(z.number()),
  latencyMs: z.number(),
  error: z.nullable(z.string()),
});

export const PostbackEventSchema = z.object({
  eventId: z.string(),
  eventType: z.string(),
  state: PostbackStateSchema,
  isTest: z.boolean(),
  createdAt: z.string(),
  attempts: z.number(),
  /** ISO 8601, while a retry is waiting. */
  nextAttemptAt: z.nullable(z.string()),
  lastStatus: z.nullable(z.number()),
  lastLatencyMs: z.nullable(z.number()),
  attemptsSummary: z.array(PostbackAttemptSummarySchema),
});
export type PostbackEvent = z.infer<typeof PostbackEventSchema>;

export const PostbackListQuerySchema = z.object({ status: z.optional(PostbackStateSchema) });

export const PostbackListResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  /** Newest first, at most PostbackLimits.eventsKept. */
  events: z.array(PostbackEventSchema),
});
export type PostbackListResponse = z.infer<typeof PostbackListResponseSchema>;

const HeadersSchema = z.record(z.string(), z.string());

export const PostbackAttemptSchema = z.extend(PostbackAttemptSummarySchema, {
  requestHeaders: HeadersSchema,
  requestBody: z.string(),
  responseHeaders: HeadersSchema,
  responseBody: z.string(),
});
export type PostbackAttempt = z.infer<typeof PostbackAttemptSchema>;

export const PostbackEventResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  event: z.extend(PostbackEventSchema, {
    payload: z.record(z.string(), z.unknown()),
    attemptsLog: z.array(PostbackAttemptSchema),
  }),
});
export type PostbackEventResponse = z.infer<typeof PostbackEventResponseSchema>;

export const PostbackReplayResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  state: PostbackStateSchema,
});

/** The test button's answer: what the receiver said, and the signature headers sent. */
export const PostbackTestResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  eventId: z.string(),
  ok: z.boolean(),
  responseStatus: z.nullable(z.number()),
  latencyMs: z.number(),
  /** The first PostbackLimits.testResponseBytes of the answer. */
  responseBody: z.string(),
  error: z.nullable(z.string()),
  signatureHeaders: z.object({
    'webhook-id': z.string(),
    'webhook-timestamp': z.string(),
    'webhook-signature': z.string(),
  }),
});
export type PostbackTestResponse = z.infer<typeof PostbackTestResponseSchema>;

export const PostbackSecretSchema = z.object({
  id: z.string(),
  /** `whsec_` and the first characters; never the whole secret. */
  masked: z.string(),
  /** ISO 8601; null for the current secret, else when the old one stops signing. */
  expiresAt: z.nullable(z.string()),
});
export type PostbackSecret = z.infer<typeof PostbackSecretSchema>;

export const RollPostbackSecretRequestSchema = z.strictObject({ grace: KeyGraceSchema });

export const RollPostbackSecretResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  secrets: z.array(PostbackSecretSchema),
});

/** Nothing: the session's step-up is the proof (docs/decisions/068-step-up.md). */
export const RevealPostbackSecretRequestSchema = z.strictObject({});

export const RevealPostbackSecretResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  secrets: z.array(z.extend(PostbackSecretSchema, { secret: z.string() })),
  revealedUntil: z.string(),
});

/** The update screen's short example of verifying a postback (any Standard Webhooks library). */
export const POSTBACK_VERIFY_EXAMPLE = `import { Webhook } from 'standardwebhooks';

// body: the raw request body as text; headers: the request's headers.
const event = new Webhook(process.env.POSTBACK_SECRET).verify(body, headers);
// Throws when the signature or the timestamp (5 minutes) does not match.`;

export const PostbackMessages = {
  accepted: 'Postback queued',
  duplicate: 'Postback already received',
  skipped: 'Application is paused: postback not queued',
  listed: 'Postbacks fetched',
  found: 'Postback fetched',
  replayed: 'Postback queued again',
  stillPending: 'This postback is still being delivered: replay it once it is delivered or failed',
  tested: 'Test postback sent',
  noPostbackUrl: 'Save a postback URL first',
  eventNotFound: 'Postback not found',
  tooManyTests: (seconds: number) => `Too many test postbacks. Try again in ${seconds} seconds.`,
  secretRolled: 'Postback signing secret rolled. The old secret keeps signing until it stops.',
  secretRolledNow: 'Postback signing secret rolled. The old secret has stopped.',
  secretRevealed: 'Postback signing secrets revealed',
  badServiceToken: 'Missing or invalid service token',
  payloadTooLarge: `The payload may hold at most ${String(PostbackLimits.payloadMaxBytes / 1024)} KB of JSON`,
  failedMailSubject: (applicationName: string) =>
    `A postback to ${applicationName} could not be delivered`,
} as const;
