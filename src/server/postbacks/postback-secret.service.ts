import { KEY_GRACE_PERIODS, type KeyGrace } from '../../contract/keys.js';
import { Messages } from '../../contract/messages.js';
import type { PostbackSecret } from '../../contract/postbacks.js';
import { recordActivity, type ActivityOrigin } from '../activity/activity.repository.js';
import { findAppOf, lockAppOf } from '../apps/apps.repository.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { expireCurrentSecret } from './postback-secrets.repository.js';
import type { LivePostbackSecret, PostbackSecretRing } from './postback-secret-ring.js';

export interface PostbackSecretDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly ring: PostbackSecretRing;
}

const notFound = () => new AppError('not_found', Messages.apps.notFound);
const masked = (secrets: readonly LivePostbackSecret[]): PostbackSecret[] =>
  secrets.map(({ id, masked: mask, expiresAt }) => ({ id, masked: mask, expiresAt }));

/**
 * The postback signing secret, rolled and revealed like the API key (decision 024): the
 * same grace periods; the routes ask the session's step-up (docs/decisions/068-step-up.md).
 */
export function createPostbackSecretService(deps: PostbackSecretDeps) {
  const { db, clock, ring } = deps;
  const kysely = db.kysely;

  return {
    /** A new current secret now; the old one keeps signing until the grace period ends. */
    async roll(
      developerId: string,
      applicationId: string,
      grace: KeyGrace,
      origin: ActivityOrigin,
    ): Promise<PostbackSecret[]> {
      const now = clock.now();
      const oldSecretStopsAt = now + KEY_GRACE_PERIODS[grace];
      return kysely.transaction().execute(async (trx) => {
        const app = await lockAppOf(trx, db.engine, developerId, applicationId);
        if (app === undefined) throw notFound();
        await expireCurrentSecret(trx, applicationId, oldSecretStopsAt);
        await ring.ensure(trx, applicationId, now);
        await recordActivity(trx, {
          developerId,
          applicationId,
          kind: 'postback_secret.rolled',
          at: now,
          origin,
          details: {
            applicationName: app.name,
            grace,
            oldSecretStopsAt: new Date(oldSecretStopsAt).toISOString(),
          },
        });
        return masked(await ring.live(trx, applicationId, now));
      });
    },

    /** The whole live secrets. */
    async reveal(
      developerId: string,
      applicationId: string,
      origin: ActivityOrigin,
    ): Promise<LivePostbackSecret[]> {
      const now = clock.now();
      const app = await findAppOf(kysely, developerId, applicationId);
      if (app === undefined) throw notFound();
      return kysely.transaction().execute(async (trx) => {
        await ring.ensure(trx, applicationId, now);
        await recordActivity(trx, {
          developerId,
          applicationId,
          kind: 'postback_secret.revealed',
          at: now,
          origin,
          details: { applicationName: app.name },
        });
        return ring.live(trx, applicationId, now);
      });
    },
  };
}

export type PostbackSecretService = ReturnType<typeof createPostbackSecretService>;
