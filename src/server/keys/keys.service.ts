import { KEY_GRACE_PERIODS, type KeyGrace, type RevealedKey } from '../../contract/keys.js';
import { Messages } from '../../contract/messages.js';
import { recordActivity, type ActivityOrigin } from '../activity/activity.repository.js';
import { findAppOf, lockAppOf } from '../apps/apps.repository.js';
import { findDeveloperById } from '../auth/auth.repository.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { JobQueue } from '../jobs/job-definition.js';
import { keyRolledMail } from '../mail/key-rolled-mail.js';
import { MailJob } from '../mail/mail-job.js';
import type { KeyRing, KeysView } from './key-ring.js';
import { expireCurrentKey, keyQueries } from './keys.repository.js';

export interface KeysDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly ring: KeyRing;
  readonly jobs: JobQueue;
  readonly productName: string;
  readonly publicUrl: string;
}

const notFound = () => new AppError('not_found', Messages.apps.notFound);

/** Rolling and revealing an application's API keys (decision 024); no Fastify. */
export function createKeysService(deps: KeysDeps) {
  const { db, clock, ring } = deps;
  const kysely = db.kysely;

  return {
    /**
     * A new current key now; the old one works until the grace period ends. The activity
     * event and the mail commit with the keys or not at all.
     */
    async roll(
      developerId: string,
      applicationId: string,
      grace: KeyGrace,
      origin: ActivityOrigin,
    ): Promise<KeysView> {
      const now = clock.now();
      const oldKeyStopsAt = now + KEY_GRACE_PERIODS[grace];
      const view = await kysely.transaction().execute(async (trx) => {
        const app = await lockAppOf(trx, db.engine, developerId, applicationId);
        const developer = await findDeveloperById(trx, developerId);
        if (app === undefined || developer === undefined) throw notFound();
        await expireCurrentKey(trx, applicationId, oldKeyStopsAt);
        await ring.issue(trx, applicationId, now);
        await recordActivity(trx, {
          developerId,
          applicationId,
          kind: 'key.rolled',
          at: now,
          origin,
          details: {
            applicationName: app.name,
            grace,
            oldKeyStopsAt: new Date(oldKeyStopsAt).toISOString(),
          },
        });
        await deps.jobs.enqueue(
          trx,
          MailJob,
          keyRolledMail({
            to: developer.email,
            name: developer.name,
            productName: deps.productName,
            publicUrl: deps.publicUrl,
            applicationId,
            applicationName: app.name,
            oldKeyStopsAt,
            isOldKeyStopped: oldKeyStopsAt <= now,
          }),
        );
        return ring.view(await keyQueries.ofApp(trx, applicationId), applicationId, now);
      });
      deps.jobs.nudge();
      return view;
    },

    /** The whole live keys; the route asked the session's step-up first. */
    async reveal(
      developerId: string,
      applicationId: string,
      origin: ActivityOrigin,
    ): Promise<RevealedKey[]> {
      const now = clock.now();
      const app = await findAppOf(kysely, developerId, applicationId);
      if (app === undefined) throw notFound();
      const rows = await kysely.transaction().execute(async (trx) => {
        await recordActivity(trx, {
          developerId,
          applicationId,
          kind: 'key.revealed',
          at: now,
          origin,
          details: { applicationName: app.name },
        });
        return keyQueries.ofApp(trx, applicationId);
      });
      return ring.revealed(rows, applicationId, now);
    },
  };
}

export type KeysService = ReturnType<typeof createKeysService>;
