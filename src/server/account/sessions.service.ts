import type { Kysely } from 'kysely';
import { Messages } from '../../contract/messages.js';
import type { Session } from '../../contract/sessions.js';
import {
  listLiveSessions,
  revokeOtherSessions,
  revokeSession,
} from '../auth/sessions.repository.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';

interface SessionsDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

/**
 * The account screen's sessions (docs/decisions/021-sessions.md). `currentId` is the `sid`
 * of the asking access token; only the developer's own sessions are ever seen or ended.
 */
export function createSessionsService({ db, clock }: SessionsDeps) {
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
    async signOut(developerId: string, sessionId: string): Promise<void> {
      if (!(await revokeSession(db, developerId, sessionId, clock.now()))) {
        throw new AppError('not_found', Messages.sessions.notFound);
      }
    },

    /** A token without a session cannot say which one to keep: the client refreshes first. */
    async signOutOthers(developerId: string, currentId: string | null): Promise<number> {
      if (currentId === null) throw new AppError('unauthorized', Messages.session.unauthorized);
      return revokeOtherSessions(db, developerId, currentId, clock.now());
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
