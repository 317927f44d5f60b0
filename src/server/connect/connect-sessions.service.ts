import { hash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ConnectSessionMessages, type ConnectSession } from '../../contract/connect-sessions.js';
import { Messages } from '../../contract/messages.js';
import type { ActivityOrigin } from '../activity/activity.repository.js';
import { findAppOf } from '../apps/apps.repository.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { recordConnectEvent } from './connect-activity.js';
import { listLiveTokens, revokeLiveToken } from './connect-sessions.repository.js';

/**
 * A session's id as the developer sees it: derived from the token's stored hash, so the hash
 * that finds the token never leaves the server, and no column is needed for it.
 */
function sessionIdOf(tokenHash: string): string {
  return hash('sha256', `connect-session:${tokenHash}`, 'base64url').slice(0, 22);
}

/**
 * The update screen's Connect sessions (docs/connect.md, "Sessions"): the developer's own
 * application only; another's is not found, as on every app route.
 */
export function createConnectSessionsService(db: Kysely<Database>, clock: Clock) {
  async function ownApp(developerId: string, applicationId: string) {
    if ((await findAppOf(db, developerId, applicationId)) === undefined) {
      throw new AppError('not_found', Messages.apps.notFound);
    }
  }

  return {
    async list(developerId: string, applicationId: string): Promise<ConnectSession[]> {
      await ownApp(developerId, applicationId);
      const rows = await listLiveTokens(db, applicationId, clock.now());
      return rows.map((row) => ({
        id: sessionIdOf(row.tokenHash),
        clientCode: row.clientCode,
        since: new Date(row.createdAt).toISOString(),
        ip: row.ip,
      }));
    },

    /** Revokes the session's token: the gateway's change log refuses it on every instance. */
    async end(
      developerId: string,
      applicationId: string,
      sessionId: string,
      origin: ActivityOrigin,
    ): Promise<void> {
      await ownApp(developerId, applicationId);
      const now = clock.now();
      const isEnded = await db.transaction().execute(async (trx) => {
        const live = await listLiveTokens(trx, applicationId, now);
        const token = live.find((row) => sessionIdOf(row.tokenHash) === sessionId);
        const revoked =
          token === undefined ? undefined : await revokeLiveToken(trx, token.tokenHash, now);
        if (revoked === undefined) return false;
        await recordConnectEvent(trx, {
          applicationId,
          clientCode: revoked.clientCode,
          kind: 'connect.session_ended',
          at: now,
          origin,
          details: { by: 'developer' },
        });
        return true;
      });
      if (!isEnded) throw new AppError('not_found', ConnectSessionMessages.notFound);
    },
  };
}

export type ConnectSessionsService = ReturnType<typeof createConnectSessionsService>;
