import type { Kysely } from 'kysely';
import { Messages } from '../../contract/messages.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { gatewayMessage, GatewayReasons, type GatewayReason } from '../../contract/gateway.js';
import {
  UsageLimits,
  UsageWindows,
  type Usage,
  type UsageBucket,
  type UsageWindow,
} from '../../contract/usage.js';
import { findAppOf } from '../apps/apps.repository.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { findApplication } from '../ops/ops-records.repository.js';
import { recentRefusedAddresses, sumUsage } from './gateway-usage.repository.js';

const isReason = (code: string): code is GatewayReason => Object.hasOwn(GatewayReasons, code);

/**
 * An application's usage as the update screen and the console show it: the flushed counts
 * of every instance, in hourly (24h) or daily (7d) UTC buckets ending with the current one.
 */
export function createUsageReader(db: Kysely<Database>, clock: Clock) {
  async function usageOf(applicationId: string, window: UsageWindow): Promise<Usage> {
    const { buckets: size, bucketMs } = UsageWindows[window];
    const now = clock.now();
    const start = now - (now % bucketMs) - (size - 1) * bucketMs;
    const buckets = Array.from({ length: size }, (_, i) => ({
      start: new Date(start + i * bucketMs).toISOString(),
      allowed: 0,
      refused: 0,
      reasons: new Map<GatewayReason, number>(),
    }));
    for (const row of await sumUsage(db, applicationId, start, bucketMs)) {
      const bucket = buckets[row.bucket];
      const { count } = row;
      if (bucket === undefined) continue;
      if (row.outcome === 'allowed') bucket.allowed += count;
      else if (isReason(row.reason)) {
        bucket.refused += count;
        bucket.reasons.set(row.reason, (bucket.reasons.get(row.reason) ?? 0) + count);
      }
    }
    const addresses = await recentRefusedAddresses(
      db,
      applicationId,
      UsageLimits.refusedAddressesKept,
    );
    return {
      window,
      buckets: buckets.map(({ reasons, ...bucket }): UsageBucket => ({
        ...bucket,
        reasons: [...reasons]
          .map(([reason, count]) => ({ reason, count }))
          .sort((a, b) => b.count - a.count),
      })),
      refusedAddresses: addresses.flatMap(({ ip, reason, at }) =>
        isReason(reason)
          ? [{ ip, reason, message: gatewayMessage(reason, ip), at: new Date(at).toISOString() }]
          : [],
      ),
    };
  }

  return {
    /** The developer's own application only: another's is not found, as on every app route. */
    async ofDeveloper(developerId: string, applicationId: string, window: UsageWindow) {
      const app = await findAppOf(db, developerId, applicationId);
      if (app === undefined) throw new AppError('not_found', Messages.apps.notFound);
      return usageOf(applicationId, window);
    },

    /** Any application, for the console. */
    async ofApplication(applicationId: string, window: UsageWindow) {
      const app = await findApplication(db, applicationId);
      if (app === undefined) throw new AppError('not_found', OpsMessages.application.notFound);
      return usageOf(applicationId, window);
    },
  };
}

export type UsageReader = ReturnType<typeof createUsageReader>;
