import type { Kysely, Transaction } from 'kysely';
import type { ActivityKind } from '../../contract/activity.js';
import type { OperatorAction } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { recordActivity } from '../activity/activity.repository.js';
import type { AuthDeps } from '../auth/auth.service.js';
import { revokeLiveTokens } from '../connect/connect.repository.js';
import { enqueueCodeMail, issueLimitedCode } from '../auth/one-time-codes.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { appStatusMail } from '../mail/app-status-mail.js';
import { blockMail } from '../mail/block-mail.js';
import { MailJob } from '../mail/mail-job.js';
import { resetSecondFactors } from '../two-factor/factor-reset.js';
import type { Actor } from './operator-accounts.js';
import { recordOperatorAction } from './operator-audit.repository.js';
import {
  endDeveloperSessions,
  findApplication,
  findDeveloper,
  setBlock,
  setApplicationHold,
  unlockDeveloper,
} from './ops-records.repository.js';

type Trx = Transaction<Database>;

interface Done {
  readonly developerId: string;
  readonly applicationId?: string;
  readonly target: string;
  readonly details?: Readonly<Record<string, string | boolean>>;
}

/**
 * Support's actions on a developer or an application. Each writes, in the
 * transaction of its change, the operators' audit entry and the developer's own activity
 * event (the operator named by role only), and queues the developer's mail where it has one.
 */
export function createOpsActions(deps: AuthDeps) {
  const db: Kysely<Database> = deps.db;
  const { clock } = deps;

  async function act(
    actor: Actor,
    names: { action: OperatorAction; activity: ActivityKind },
    reason: string | undefined,
    change: (trx: Trx, now: number) => Promise<Done>,
  ): Promise<void> {
    const given = reason === undefined || reason.trim() === '' ? null : reason.trim();
    await db.transaction().execute(async (trx) => {
      const now = clock.now();
      const done = await change(trx, now);
      await recordOperatorAction(trx, {
        ...actor,
        at: now,
        action: names.action,
        developerId: done.developerId,
        applicationId: done.applicationId ?? null,
        target: done.target,
        reason: given,
        ...(done.details === undefined ? {} : { details: done.details }),
      });
      await recordActivity(trx, {
        developerId: done.developerId,
        applicationId: done.applicationId ?? null,
        kind: names.activity,
        at: now,
        origin: { ip: null, device: null },
        details: { ...done.details, ...(given === null ? {} : { reason: given }) },
      });
    });
    deps.jobs.nudge();
  }

  function mailTo(to: { readonly developerEmail: string; readonly developerName: string }) {
    return {
      to: to.developerEmail,
      name: to.developerName,
      productName: deps.config.brand.productName,
      publicUrl: deps.config.publicUrl,
    };
  }

  async function developerOf(trx: Trx, id: string) {
    const developer = await findDeveloper(trx, id);
    if (developer === undefined) throw new AppError('not_found', OpsMessages.developer.notFound);
    return developer;
  }

  return {
    setApplicationActive(actor: Actor, id: string, isActive: boolean, reason: string) {
      const names = isActive
        ? { action: 'application.resumed' as const, activity: 'operator.app_resumed' as const }
        : { action: 'application.paused' as const, activity: 'operator.app_paused' as const };
      return act(actor, names, reason, async (trx, now) => {
        const app = await findApplication(trx, id);
        if (app === undefined) throw new AppError('not_found', OpsMessages.application.notFound);
        // A pause holds even an application its developer paused; a resume lifts a hold, or
        // makes active one the developer paused, as before holds existed.
        const isHeld = app.operatorHoldAt !== null;
        if (isActive ? app.isActive === 1 && !isHeld : isHeld) {
          throw new AppError('conflict', OpsMessages.application.alreadyInState);
        }
        await setApplicationHold(trx, id, isActive ? null : { reason: reason.trim() }, now);
        await deps.jobs.enqueue(
          trx,
          MailJob,
          appStatusMail({
            to: app.developerEmail,
            name: app.developerName,
            appName: app.name,
            isActive,
            reason,
            productName: deps.config.brand.productName,
            publicUrl: deps.config.publicUrl,
          }),
        );
        return {
          developerId: app.developerId,
          applicationId: id,
          target: app.name,
          details: { applicationName: app.name },
        };
      });
    },

    /** The kill switch on one application: the gateway refuses it until an operator lifts it. */
    blockApplication(actor: Actor, id: string, blocked: boolean, reason: string) {
      const names = blocked
        ? { action: 'application.blocked' as const, activity: 'operator.app_blocked' as const }
        : { action: 'application.unblocked' as const, activity: 'operator.app_unblocked' as const };
      return act(actor, names, reason, async (trx, now) => {
        const app = await findApplication(trx, id);
        if (app === undefined) throw new AppError('not_found', OpsMessages.application.notFound);
        if (blocked === (app.blockedAt !== null)) {
          const message = blocked
            ? OpsMessages.application.alreadyBlocked
            : OpsMessages.application.notBlocked;
          throw new AppError('conflict', message);
        }
        await setBlock(trx, 'applications', id, blocked ? reason.trim() : null, now);
        // Revoked, so lifting the block does not bring the clients' sessions back.
        if (blocked) await revokeLiveTokens(trx, { applicationId: id }, now);
        await deps.jobs.enqueue(
          trx,
          MailJob,
          blockMail({ ...mailTo(app), appName: app.name, blocked, reason }),
        );
        return {
          developerId: app.developerId,
          applicationId: id,
          target: app.name,
          details: { applicationName: app.name },
        };
      });
    },

    /** The kill switch on every application of the developer, those made later included. */
    blockDeveloper(actor: Actor, id: string, blocked: boolean, reason: string) {
      const names = blocked
        ? { action: 'developer.blocked' as const, activity: 'operator.developer_blocked' as const }
        : {
            action: 'developer.unblocked' as const,
            activity: 'operator.developer_unblocked' as const,
          };
      return act(actor, names, reason, async (trx, now) => {
        const developer = await developerOf(trx, id);
        if (blocked === (developer.blockedAt !== null)) {
          const message = blocked
            ? OpsMessages.developer.alreadyBlocked
            : OpsMessages.developer.notBlocked;
          throw new AppError('conflict', message);
        }
        await setBlock(trx, 'developers', id, blocked ? reason.trim() : null, now);
        if (blocked) await revokeLiveTokens(trx, { developerId: id }, now);
        const to = { developerEmail: developer.email, developerName: developer.name };
        await deps.jobs.enqueue(trx, MailJob, blockMail({ ...mailTo(to), blocked, reason }));
        return { developerId: id, target: developer.email };
      });
    },

    unlock(actor: Actor, id: string, reason?: string) {
      const names = {
        action: 'developer.unlocked',
        activity: 'operator.account_unlocked',
      } as const;
      return act(actor, names, reason, async (trx) => {
        const developer = await developerOf(trx, id);
        await unlockDeveloper(trx, id);
        return { developerId: id, target: developer.email };
      });
    },

    endSessions(actor: Actor, id: string, reason?: string) {
      const names = {
        action: 'developer.sessions_ended',
        activity: 'operator.sessions_ended',
      } as const;
      return act(actor, names, reason, async (trx, now) => {
        const developer = await developerOf(trx, id);
        await deps.sessionEnds.announce(trx, await endDeveloperSessions(trx, id, now));
        return { developerId: id, target: developer.email };
      });
    },

    /**
     * Support's reset of a developer who lost every factor (after checking who they are):
     * the factors go, and so does every session, so a thief signed in is out too.
     */
    resetFactors(actor: Actor, id: string, reason: string) {
      const names = {
        action: 'developer.factors_reset',
        activity: 'two_factor.reset_by_support',
      } as const;
      return act(actor, names, reason, async (trx, now) => {
        const developer = await developerOf(trx, id);
        if (developer.secondFactorAt === null) {
          throw new AppError('conflict', OpsMessages.factors.noFactor);
        }
        const mails = {
          jobs: deps.jobs,
          productName: deps.config.brand.productName,
          publicUrl: deps.config.publicUrl,
        };
        await resetSecondFactors(trx, mails, developer, now);
        await deps.sessionEnds.announce(trx, await endDeveloperSessions(trx, id, now));
        return { developerId: id, target: developer.email };
      });
    },

    /** Revokes every live Connect token of the application: the gateway refuses them at once. */
    async endApplicationConnect(actor: Actor, id: string, reason: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const app = await findApplication(trx, id);
        if (app === undefined) throw new AppError('not_found', OpsMessages.application.notFound);
        const ended = await revokeLiveTokens(trx, { applicationId: id }, now);
        await recordOperatorAction(trx, {
          ...actor,
          at: now,
          action: 'application.connect_sessions_ended',
          developerId: app.developerId,
          applicationId: id,
          target: app.name,
          reason: reason.trim(),
          details: { ended },
        });
        return ended;
      });
    },

    /** Revokes every live Connect token of a trading client, in every application. */
    async endClientConnect(actor: Actor, clientCode: string, reason: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const ended = await revokeLiveTokens(trx, { clientCode }, now);
        await recordOperatorAction(trx, {
          ...actor,
          at: now,
          action: 'client.connect_sessions_ended',
          target: clientCode,
          reason: reason.trim(),
          details: { ended },
        });
        return ended;
      });
    },

    resendVerification(actor: Actor, id: string, reason?: string) {
      const names = {
        action: 'developer.verification_resent',
        activity: 'operator.verification_resent',
      } as const;
      return act(actor, names, reason, async (trx, now) => {
        const developer = await developerOf(trx, id);
        if (developer.verifiedAt !== null) {
          throw new AppError('conflict', OpsMessages.developer.alreadyVerified);
        }
        const code = await issueLimitedCode(trx, deps.secrets.codeHashSecret, now, id, 'verify');
        await enqueueCodeMail(deps, trx, developer, 'verify', code);
        return { developerId: id, target: developer.email };
      });
    },
  };
}

export type OpsActions = ReturnType<typeof createOpsActions>;
