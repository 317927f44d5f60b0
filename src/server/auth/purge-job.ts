import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import type { Database } from '../db/schema.js';
import type { JobDefinition } from '../jobs/job-definition.js';
import { schedulePeriodic } from '../jobs/schedule.js';
import { ACTIVITY_RETENTION_YEARS } from '../../contract/activity.js';
import { AccountLimits, SignInLimits } from '../../contract/limits.js';
import { deleteExpiredKeys } from '../keys/keys.repository.js';
import { deleteExpiredPostbackSecrets } from '../postbacks/postback-secrets.repository.js';
import { forgetCallerEventIdsBefore } from '../postbacks/postback-events.repository.js';
import { PostbackLimits } from '../../contract/postbacks.js';
import { purgeActivityBefore } from '../activity/activity.repository.js';
import { OpsLimits } from '../../contract/ops.js';
import { purgeOperatorSessions } from '../ops/operators.repository.js';
import { GatewayLimits } from '../../contract/gateway.js';
import { purgeGatewayChanges } from '../gateway/gateway.repository.js';
import { purgeUsage } from '../gateway/gateway-usage.repository.js';
import { purgeEndedConnect } from '../connect/connect.repository.js';
import { UsageLimits } from '../../contract/usage.js';
import {
  deleteDeadRefreshTokens,
  deleteEndedSessions,
  deleteExpiredCodes,
  deleteQuietSignInThrottles,
  deleteUnverifiedDevelopers,
} from './purge.repository.js';

const PurgeSchema = z.object({});

/**
 * Deletes accounts left unverified, expired refresh tokens and codes, the sessions they
 * ended, sign-in counts that have gone quiet, old API keys past their grace, activity events
 * past their retention, operators' sessions past their end, postback event ids past their
 * window, the gateway change log but its newest rows, gateway usage past its retention and
 * Connect's pending sign-ins, codes and tokens past their end (docs/connect.md), once an hour for all instances together.
 */
export const PurgeExpiredJob: JobDefinition<typeof PurgeSchema> = {
  kind: 'auth.purge-expired',
  payload: PurgeSchema,
  maxAttempts: 5,
  isPayloadSecret: false,
};

const HOUR_MS = 60 * 60_000;
export const PurgeRules = {
  intervalMs: HOUR_MS,
  // The hourly send cap counts the codes of the last hour: keep them well past it.
  codeKeepMs: 24 * HOUR_MS,
  // A revoked family stays a while, so a late replay of its token still finds it revoked.
  revokedFamilyKeepMs: 7 * 24 * HOUR_MS,
} as const;

/** How long what the purge keeps by configuration is kept. */
export interface PurgeWindows {
  /** `POSTBACK_EVENT_ID_WINDOW_DAYS`: a caller's event id is a duplicate for this long. */
  readonly postbackEventIdsMs: number;
  /** `UNVERIFIED_ACCOUNT_DAYS`: an account whose e-mail is unverified this long is deleted. */
  readonly unverifiedAccountsMs: number;
  /** Rows of the gateway change log kept; absent: GatewayLimits.changesKept. */
  readonly gatewayChangesKept?: number;
  /** `GATEWAY_USAGE_RETENTION_DAYS`: the gateway check's usage counts are kept this long. */
  readonly gatewayUsageMs: number;
}

export const DEFAULT_PURGE_WINDOWS: PurgeWindows = {
  postbackEventIdsMs: PostbackLimits.eventIdWindowDays * 24 * HOUR_MS,
  unverifiedAccountsMs: AccountLimits.unverifiedAccountDays * 24 * HOUR_MS,
  gatewayUsageMs: UsageLimits.retentionDays * 24 * HOUR_MS,
};

/** The instant ACTIVITY_RETENTION_YEARS calendar years before `now`: older events go. */
export function activityRetentionStart(now: number): number {
  const start = new Date(now);
  start.setUTCFullYear(start.getUTCFullYear() - ACTIVITY_RETENTION_YEARS);
  return start.getTime();
}

/** Queues the next run (after `now`); every instance calls it at start, each run again. */
export function scheduleNextPurge(db: Kysely<Database>, now: number): Promise<void> {
  return schedulePeriodic(db, PurgeExpiredJob, {}, PurgeRules.intervalMs, now);
}

/**
 * One run: the next one is queued first, so a failing purge does not end the schedule.
 * Accounts unverified for `unverifiedAccountsMs` go, so nobody holds an e-mail they never proved.
 */
export async function purgeExpired(
  db: Kysely<Database>,
  now: number,
  windows: PurgeWindows = DEFAULT_PURGE_WINDOWS,
) {
  await scheduleNextPurge(db, now);
  return {
    unverifiedDevelopers: await deleteUnverifiedDevelopers(db, now - windows.unverifiedAccountsMs),
    refreshTokens: await deleteDeadRefreshTokens(db, now, now - PurgeRules.revokedFamilyKeepMs),
    codes: await deleteExpiredCodes(db, now - PurgeRules.codeKeepMs),
    sessions: await deleteEndedSessions(db),
    signInThrottles: await deleteQuietSignInThrottles(db, now, now - SignInLimits.quietPeriodMs),
    // Old API keys whose grace period has ended.
    apiKeys: await deleteExpiredKeys(db, now),
    // Postback signing secrets whose grace period has ended.
    postbackSecrets: await deleteExpiredPostbackSecrets(db, now),
    activityEvents: await purgeActivityBefore(db, activityRetentionStart(now)),
    // Operators' sessions past their idle or whole lifetime.
    operatorSessions: await purgeOperatorSessions(
      db,
      now - OpsLimits.sessionIdleMs,
      now - OpsLimits.sessionMaxMs,
    ),
    postbackEventIds: await forgetCallerEventIdsBefore(db, now - windows.postbackEventIdsMs),
    gatewayChanges: await purgeGatewayChanges(
      db,
      windows.gatewayChangesKept ?? GatewayLimits.changesKept,
    ),
    gatewayUsage: await purgeUsage(
      db,
      now - windows.gatewayUsageMs,
      UsageLimits.refusedAddressesKept,
    ),
    ...(await purgeEndedConnect(db, now, GatewayLimits.endedTokensKeptMs)),
  };
}
