import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { createMailboxMailer } from './mailbox-mailer.js';
import type { Mailer, MailLog } from './mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

/** The one place the mailer is chosen: SMTP when SMTP_URL is set, else the embedded mailbox. */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  db: Kysely<Database>,
  clock: Clock,
  log: MailLog,
): Mailer {
  return config.smtpUrl === undefined
    ? createMailboxMailer(db, clock, log)
    : createSmtpMailer(config.smtpUrl, config.mailFrom);
}
