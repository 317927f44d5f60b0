import type { Transaction } from 'kysely';
import type { ActivityKind } from '../../contract/activity-kinds.js';
import { recordActivity, type ActivityOrigin } from '../activity/activity.repository.js';
import type { Database } from '../db/schema.js';
import type { JobQueue } from '../jobs/job-definition.js';
import { MailJob } from '../mail/mail-job.js';
import { twoFactorMail, type FactorChange } from '../mail/two-factor-mail.js';

const KINDS: Readonly<Record<FactorChange, ActivityKind>> = {
  enrolled: 'two_factor.enrolled',
  removed: 'two_factor.removed',
  regenerated: 'recovery_codes.regenerated',
  recovery_used: 'recovery_code.used',
  passkey_added: 'passkey.added',
  passkey_removed: 'passkey.removed',
};

export interface FactorChangeDeps {
  readonly jobs: JobQueue;
  readonly productName: string;
  readonly publicUrl: string;
}

/**
 * Every change to a developer's factors goes to the activity log and, in the same
 * transaction, into a security mail; the caller nudges the job worker after the commit.
 */
export async function recordFactorChange(
  trx: Transaction<Database>,
  deps: FactorChangeDeps,
  change: {
    readonly developer: { readonly id: string; readonly email: string; readonly name: string };
    readonly what: FactorChange;
    readonly at: number;
    readonly origin: ActivityOrigin;
    readonly details?: Readonly<Record<string, number | string>>;
  },
): Promise<void> {
  const { developer } = change;
  await recordActivity(trx, {
    developerId: developer.id,
    kind: KINDS[change.what],
    at: change.at,
    origin: change.origin,
    ...(change.details === undefined ? {} : { details: change.details }),
  });
  await deps.jobs.enqueue(
    trx,
    MailJob,
    twoFactorMail({
      to: developer.email,
      name: developer.name,
      productName: deps.productName,
      publicUrl: deps.publicUrl,
      change: change.what,
    }),
  );
}
