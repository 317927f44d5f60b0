import type { Kysely } from 'kysely';
import type { ActivityDetails, ActivityKind } from '../../contract/activity.js';
import { recordActivity, type ActivityOrigin } from '../activity/activity.repository.js';
import type { Database } from '../db/schema.js';
import { findAppOwner } from './connect-sessions.repository.js';

export interface ConnectEvent {
  readonly applicationId: string;
  readonly clientCode: string;
  readonly kind: Extract<ActivityKind, `connect.${string}`>;
  readonly at: number;
  readonly origin: ActivityOrigin;
  readonly details?: ActivityDetails;
}

/**
 * A Connect event in the activity log of the application's developer, with the client's code
 * and the application's name; written with the change it records (`db` its transaction).
 */
export async function recordConnectEvent(db: Kysely<Database>, event: ConnectEvent) {
  const app = await findAppOwner(db, event.applicationId);
  if (app === undefined) return;
  await recordActivity(db, {
    developerId: app.ownerId,
    applicationId: event.applicationId,
    kind: event.kind,
    at: event.at,
    origin: event.origin,
    details: { ...event.details, applicationName: app.name, clientCode: event.clientCode },
  });
}
