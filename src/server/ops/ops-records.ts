import type { Kysely } from 'kysely';
import type { OpsApplicationResponse, OpsBlock, OpsDeveloperResponse } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { listLiveSessions } from '../auth/sessions.repository.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { KeyRing } from '../keys/key-ring.js';
import { developerFactors } from './developer-factors.js';
import {
  applicationsOf,
  findApplication,
  findDeveloper,
  ipRecordsOfApps,
  keysOf,
  latestKeyedLock,
} from './ops-records.repository.js';

type IpRecord = Awaited<ReturnType<typeof ipRecordsOfApps>>[number];

const iso = (ms: number) => new Date(ms).toISOString();

const blockOf = (reason: string | null, at: number | null): OpsBlock =>
  reason === null || at === null ? null : { reason, since: iso(at) };

function ipView(record: IpRecord) {
  const proofState =
    record.adminAccept === 1
      ? ('accepted' as const)
      : record.rejectionReason !== null
        ? ('rejected' as const)
        : record.familyPending === 1
          ? ('pending' as const)
          : ('none' as const);
  return { ip: record.ip, proofState, rejectionReason: record.rejectionReason };
}

/** The console's developer and application pages, read-only. */
export function createOpsRecords(deps: {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly ring: KeyRing;
}) {
  const { db, clock } = deps;
  return {
    async developer(id: string): Promise<OpsDeveloperResponse> {
      const developer = await findDeveloper(db, id);
      if (developer === undefined) {
        throw new AppError('not_found', OpsMessages.developer.notFound);
      }
      const now = clock.now();
      const apps = await applicationsOf(db, id);
      const ips = await ipRecordsOfApps(
        db,
        apps.map((app) => app.id),
      );
      const sessions = await listLiveSessions(db, id, now);
      const lock = Math.max(developer.lockedUntil ?? 0, (await latestKeyedLock(db, id)) ?? 0);
      return {
        developer: {
          id: developer.id,
          email: developer.email,
          name: developer.name,
          mobile: developer.mobile,
          state: developer.state,
          clientCode: developer.clientCode,
          isVerified: developer.verifiedAt !== null,
          // The account's own count, or any address's or device's on it.
          lockedUntil: lock > now ? iso(lock) : null,
          createdAt: iso(developer.createdAt),
          block: blockOf(developer.blockedReason, developer.blockedAt),
          factors: await developerFactors(db, id),
        },
        applications: apps.map((app) => ({
          id: app.id,
          name: app.name,
          clientId: app.allowedUsers,
          isActive: app.isActive === 1,
          isBlocked: app.blockedAt !== null,
          ips: ips.filter((record) => record.applicationId === app.id).map(ipView),
        })),
        sessions: sessions.map((session) => ({
          id: session.id,
          browser: session.browser,
          ip: session.ip,
          place: session.place,
          createdAt: iso(session.createdAt),
          lastUsedAt: iso(session.lastUsedAt),
        })),
      };
    },

    async application(id: string): Promise<OpsApplicationResponse> {
      const app = await findApplication(db, id);
      if (app === undefined) throw new AppError('not_found', OpsMessages.application.notFound);
      const ips = await ipRecordsOfApps(db, [id]);
      const keys = deps.ring.revealed(await keysOf(db, id), id, clock.now());
      return {
        application: {
          id: app.id,
          name: app.name,
          clientId: app.allowedUsers,
          algoId: app.algoId,
          isActive: app.isActive === 1,
          callbackUrl: app.callbackUrl,
          postbackUrl: app.postbackUrl,
          description: app.description,
          createdAt: iso(app.createdAt),
          keys: keys.map(({ masked, expiresAt }) => ({ masked, expiresAt })),
          ips: ips.map(ipView),
          block: blockOf(app.blockedReason, app.blockedAt),
        },
        developer: {
          id: app.developerId,
          email: app.developerEmail,
          name: app.developerName,
          block: blockOf(app.developerBlockedReason, app.developerBlockedAt),
        },
      };
    },
  };
}

export type OpsRecords = ReturnType<typeof createOpsRecords>;
