import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { insertMailboxMessage } from './mailbox.repository.js';
import type { Mail, Mailer, MailLog } from './mailer.js';

// Ids that sort by insertion (time, then a counter shared by the process), so "newest
// first" holds even when two messages share a millisecond: embedded mode is one instance.
let sequence = 0;

function sortableId(now: number): string {
  sequence += 1;
  const time = now.toString(16).padStart(12, '0');
  return `${time}-${sequence.toString(16).padStart(12, '0')}-${randomBytes(6).toString('hex')}`;
}

/**
 * Embedded mode without SMTP_URL: mail is kept in the database (shown at /dev/mail) and
 * its subject, which carries the code, is logged so a developer can read it in the console.
 */
export function createMailboxMailer(db: Kysely<Database>, clock: Clock, log: MailLog): Mailer {
  return {
    async send(mail: Mail) {
      const now = clock.now();
      await insertMailboxMessage(db, {
        id: sortableId(now),
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        createdAt: now,
      });
      log.info({ to: mail.to, subject: mail.subject }, 'mail kept in the embedded mailbox');
    },
  };
}
