import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

// Every wait bounded well inside the job lease (docs/decisions/013-job-queue.md), so a slow
// server fails the try instead of letting a second worker send the same mail meanwhile.
const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Sends through the SMTP server of `SMTP_URL` (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS_MS });
  return {
    async send(mail: Mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}
