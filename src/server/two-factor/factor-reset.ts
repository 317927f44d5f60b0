import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { MailJob } from '../mail/mail-job.js';
import { twoFactorMail } from '../mail/two-factor-mail.js';
import type { FactorChangeDeps } from './factor-change.js';
import { deleteAllPasskeys } from '../passkeys/passkeys.repository.js';
import { removeTotp } from './two-factor.repository.js';

/**
 * Support's reset (docs/decisions/069-support-resets-factors.md): every second factor of the
 * developer removed and the security mail queued, in the caller's transaction, which also
 * ends the sessions and writes the audit and the activity entry.
 */
export async function resetSecondFactors(
  trx: Transaction<Database>,
  deps: FactorChangeDeps,
  developer: { readonly id: string; readonly email: string; readonly name: string },
  now: number,
): Promise<void> {
  await deleteAllPasskeys(trx, developer.id);
  await removeTotp(trx, developer.id, now);
  const to = { to: developer.email, name: developer.name };
  const mail = twoFactorMail({ ...deps, ...to, change: 'reset_by_support' });
  await deps.jobs.enqueue(trx, MailJob, mail);
}
