import {
  Migrator,
  SqliteAdapter,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import * as initial from './migrations/0001-initial.js';
import * as blobStore from './migrations/0002-blob-store.js';
import * as jobQueue from './migrations/0003-job-queue.js';
import * as rateLimits from './migrations/0004-rate-limits.js';
import * as signInThrottles from './migrations/0005-sign-in-throttles.js';
import * as appsVersion from './migrations/0006-apps-version.js';
import * as sessions from './migrations/0007-sessions.js';
import * as activity from './migrations/0008-activity.js';
import * as apiKeys from './migrations/0009-api-keys.js';
import * as proofRejection from './migrations/0010-proof-rejection.js';
import * as foldMappedIps from './migrations/0012-fold-mapped-ips.js';
import * as postbacks from './migrations/0013-postbacks.js';
import * as postbackSecretsByApp from './migrations/0014-postback-secrets-by-app.js';
import * as operators from './migrations/0015-operators.js';
import * as operatorHold from './migrations/0017-operator-hold.js';
import * as activityAppendOnly from './migrations/0018-activity-append-only.js';
import * as postbackEventIds from './migrations/0020-postback-event-ids.js';
import * as gatewayChanges from './migrations/0021-gateway-changes.js';
import * as killSwitch from './migrations/0022-kill-switch.js';
import * as gatewayUsage from './migrations/0023-gateway-usage.js';
import * as gatewayNotify from './migrations/0024-gateway-notify.js';
import * as codeFailures from './migrations/0025-code-failures.js';
import * as connect from './migrations/0027-connect.js';
import * as connectTokensGateway from './migrations/0029-connect-tokens-gateway.js';
import * as logoName from './migrations/0030-logo-name.js';
import * as twoFactor from './migrations/0031-two-factor.js';
import * as passkeys from './migrations/0032-passkeys.js';
import * as stepUp from './migrations/0034-step-up.js';

// Listed here rather than read from a folder so the same list serves the compiled server,
// the tests and `npm run db:migrate`.
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': initial,
  '0002-blob-store': blobStore,
  '0003-job-queue': jobQueue,
  '0004-rate-limits': rateLimits,
  '0005-sign-in-throttles': signInThrottles,
  '0006-apps-version': appsVersion,
  '0007-sessions': sessions,
  '0008-activity': activity,
  '0009-api-keys': apiKeys,
  '0010-proof-rejection': proofRejection,
  '0012-fold-mapped-ips': foldMappedIps,
  '0013-postbacks': postbacks,
  '0014-postback-secrets-by-app': postbackSecretsByApp,
  '0015-operators': operators,
  '0017-operator-hold': operatorHold,
  '0018-activity-append-only': activityAppendOnly,
  '0020-postback-event-ids': postbackEventIds,
  '0021-gateway-changes': gatewayChanges,
  '0022-kill-switch': killSwitch,
  '0023-gateway-usage': gatewayUsage,
  '0024-gateway-notify': gatewayNotify,
  '0025-code-failures': codeFailures,
  '0027-connect': connect,
  '0029-connect-tokens-gateway': connectTokensGateway,
  '0030-logo-name': logoName,
  '0031-two-factor': twoFactor,
  '0032-passkeys': passkeys,
  '0034-step-up': stepUp,
};

export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve({ ...MIGRATIONS }),
};

/**
 * Brings the schema to the latest migration; throws when one fails. Instances starting
 * together migrate once: Kysely holds an advisory lock on PostgreSQL, and takes none on
 * SQLite, where `BEGIN IMMEDIATE` makes a second process wait (busy_timeout) and then find
 * the work done.
 */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const plain = db.withoutPlugins();
  if (!(plain.getExecutor().adapter instanceof SqliteAdapter)) return migrate(plain);
  return plain.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const applied = await migrate(connection);
      await sql`commit`.execute(connection);
      return applied;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

async function migrate<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined)
    throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
