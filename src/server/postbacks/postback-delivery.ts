import { randomUUID } from 'node:crypto';
import { POSTBACK_RETRY_DELAYS_MS } from '../../contract/postbacks.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { SharedTransaction } from '../db/shared-transaction.js';
import type { JobQueue, JobTry } from '../jobs/job-definition.js';
import { MailJob } from '../mail/mail-job.js';
import { postbackFailedMail } from '../mail/postback-failed-mail.js';
import {
  endPausedEvent,
  findEventForDelivery,
  recordAttempt,
} from './postback-events.repository.js';
import { sendSignedPostback } from './postback-request.js';
import type { PostbackSecretRing } from './postback-secret-ring.js';
import type { PostbackSender } from './outbound/send-postback.js';

export interface PostbackDeliveryDeps {
  readonly db: Db;
  readonly shared: SharedTransaction;
  readonly clock: Clock;
  readonly sender: PostbackSender;
  readonly secrets: PostbackSecretRing;
  readonly jobs: JobQueue;
  readonly productName: string;
  readonly publicUrl: string;
}

/** A failed try the queue runs again after the next delay of the schedule. */
export class PostbackAttemptFailed extends Error {
  override readonly name = 'PostbackAttemptFailed';
}

/**
 * The `postback.deliver` handler: one signed attempt per try, recorded with what was sent
 * and answered. Any 2xx delivers; anything else fails the try, and the last failure marks
 * the event failed and mails the developer in the same transaction.
 */
export function createPostbackDelivery(deps: PostbackDeliveryDeps) {
  const { db, clock } = deps;
  return async function deliver(eventId: string, attempt: JobTry): Promise<void> {
    const found = await findEventForDelivery(db.kysely, eventId);
    // Pruned from the log, or delivered by an earlier try whose settle was lost.
    if (found === undefined || found.event.state === 'delivered') return;
    const { event } = found;
    // Paused after the event came in: a paused application gets nothing.
    if (event.isActive === 0) {
      await endPausedEvent(db.kysely, event.id);
      return;
    }
    const now = clock.now();
    const secrets = deps.secrets.liveOf(event.applicationId, found.secrets, now);
    const sent = await sendSignedPostback(
      deps.sender,
      event.postbackUrl ?? '',
      secrets.map((entry) => entry.secret),
      event,
      now,
    );
    const isDelivered = sent.result.ok;
    const isFailed = !isDelivered && attempt.isLastAttempt;
    const delay = POSTBACK_RETRY_DELAYS_MS[attempt.attempt - 1];
    // A delivered try's record lost to a power cut only repeats the delivery (at least
    // once): it need not wait for the disk. The last failure and its mail must (decision 035).
    const commit = isFailed ? deps.shared : deps.shared.withoutDiskSync;
    await commit(async (trx) => {
      await recordAttempt(trx, randomUUID(), event.id, {
        attempt: sent.attempt,
        state: isDelivered ? 'delivered' : isFailed ? 'failed' : 'pending',
        nextAttemptAt: isDelivered || isFailed || delay === undefined ? null : now + delay,
      });
      if (isFailed) {
        await deps.jobs.enqueue(
          trx,
          MailJob,
          postbackFailedMail({
            to: event.email,
            name: event.developerName,
            productName: deps.productName,
            publicUrl: deps.publicUrl,
            applicationId: event.applicationId,
            applicationName: event.applicationName,
            eventId: event.id,
            eventType: event.type,
            attempts: attempt.attempt,
          }),
        );
      }
      // The try's end: the attempt and the job's done are one commit. A failed try that
      // will be retried is settled by the queue, which owns the schedule.
      if (isDelivered || isFailed) await attempt.settle(trx);
    });
    if (isFailed) deps.jobs.nudge();
    if (!isDelivered && !isFailed) {
      throw new PostbackAttemptFailed(
        `postback ${event.id} attempt ${String(attempt.attempt)} failed: ${sent.result.error ?? String(sent.result.status)}`,
      );
    }
  };
}
