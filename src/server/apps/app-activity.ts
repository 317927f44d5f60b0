import type { Transaction } from 'kysely';
import { recordActivity, type ActivityOrigin } from '../activity/activity.repository.js';
import type { Database } from '../db/schema.js';
import type { AppRow } from './apps.repository.js';

/** The columns an update may change, by the names of the API (docs/product.md section 7). */
const FIELD_NAMES = {
  name: 'applicationName',
  algoId: 'algoId',
  logoUrl: 'logoUrl',
  callbackUrl: 'callbackUrl',
  postbackUrl: 'postbackUrl',
  allowedUsers: 'allowedUsers',
  description: 'description',
} as const satisfies Partial<Record<keyof AppRow, string>>;

type TrackedColumns = Pick<AppRow, keyof typeof FIELD_NAMES>;

/** The API names of the fields whose stored value an update changes. */
export function changedFields(before: TrackedColumns, after: TrackedColumns): string[] {
  const columns = Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[];
  return columns.filter((column) => before[column] !== after[column]).map((c) => FIELD_NAMES[c]);
}

export interface AppEventsContext {
  readonly developerId: string;
  readonly applicationId: string;
  readonly applicationName: string;
  readonly origin: ActivityOrigin;
  readonly at: number;
}

/** What one update did, each part its own activity event (absent parts write none). */
export interface AppUpdateEvents {
  readonly fields: readonly string[];
  readonly ips?: { readonly before: readonly string[]; readonly after: readonly string[] };
  readonly isActive?: boolean;
  readonly proofsSent: readonly string[];
}

export function recordAppEvent(
  trx: Transaction<Database>,
  context: AppEventsContext,
  kind: 'app.created' | 'app.deleted',
) {
  return recordActivity(trx, {
    ...context,
    kind,
    details: { applicationName: context.applicationName },
  });
}

/** The events of one update, written in its transaction. */
export async function recordAppUpdate(
  trx: Transaction<Database>,
  context: AppEventsContext,
  events: AppUpdateEvents,
): Promise<void> {
  const { applicationName } = context;
  if (events.fields.length > 0) {
    await recordActivity(trx, {
      ...context,
      kind: 'app.updated',
      details: { applicationName, fields: events.fields },
    });
  }
  if (events.ips !== undefined) {
    await recordActivity(trx, {
      ...context,
      kind: 'app.ips_changed',
      details: { applicationName, before: events.ips.before, after: events.ips.after },
    });
  }
  if (events.isActive !== undefined) {
    await recordActivity(trx, {
      ...context,
      kind: 'app.status_changed',
      details: { applicationName, isActive: events.isActive },
    });
  }
  await recordProofsSent(trx, context, events.proofsSent);
}

export async function recordProofsSent(
  trx: Transaction<Database>,
  context: AppEventsContext,
  ips: readonly string[],
): Promise<void> {
  for (const ip of ips) {
    await recordActivity(trx, {
      ...context,
      kind: 'proof.sent',
      details: { applicationName: context.applicationName, ip },
    });
  }
}
