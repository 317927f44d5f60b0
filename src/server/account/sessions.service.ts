import type { Kysely, Transaction } from 'kysely';
import { Messages } from '../../contract/messages.js';
import type { Session } from '../../contract/sessions.js';
import {
  listLiveSessions,
  revokeOtherSessions,
  revokeSession,
} from '../auth/sessions.repository.js';
import { recordActivity, type ActivityOrigin } from '../activity/activity.repository.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { SessionEnds } from '../auth/session-ends.js';

/** The `sessions.ended` event, when any session ended. */
async function recordEnded(
  trx: Transaction<Database>,
  event: { developerId: string; at: number; origin: ActivityOrigin },
  count: number,
) {
  if (count > 0)
    await recordActivity(trx, { ...event, kind: 'sessions.ended', details: { count } });
}

interface SessionsDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly sessionEnds: Pick<SessionEnds, 'announce'>;
}

/**
 * The account screen's sessions (docs/decisions/021-sessions.md). `currentId` is the `sid`
 * of the asking access token; only the developer's own sessions are ever seen or ended.
 */
export function createSessionsService({ db, clock, sessionEnds }: SessionsDeps) {
  return {
    async list(developerId: string, currentId: string | null): Promise<Session[]> {
      const rows = await listLiveSessions(db, developerId, clock.now());
      return rows.map((row) => ({
        id: row.id,
        browser: row.browser,
        ip: row.ip,
        place: row.place,
        signedInAt: new Date(row.createdAt).toISOString(),
        lastUsedAt: new Date(row.lastUsedAt).toISOString(),
        isCurrent: row.id === currentId,
      }));
    },

    /** Another developer's session, or one already ended, is not found: nothing changes. */
    async signOut(developerId: string, sessionId: string, origin: ActivityOrigin): Promise<void> {
      const now = clock.now();
      const isEnded = await db.transaction().execute(async (trx) => {
        if (!(await revokeSession(trx, developerId, sessionId, now))) return false;
        await sessionEnds.announce(trx, [sessionId]);
        await recordEnded(trx, { developerId, at: now, origin }, 1);
        return true;
      });
      if (!isEnded) throw new AppError('not_found', Messages.sessions.notFound);
    },

    /** A token without a session cannot say which one to keep: the client refreshes first. */
    async signOutOthers(
      developerId: string,
      currentId: string | null,
      origin: ActivityOrigin,
    ): Promise<number> {
      if (currentId === null) throw new AppError('unauthorized', Messages.session.unauthorized);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const ended = await revokeOtherSessions(trx, developerId, currentId, now);
        await sessionEnds.announce(trx, ended);
        await recordEnded(trx, { developerId, at: now, origin }, ended.length);
        return ended.length;
      });
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
