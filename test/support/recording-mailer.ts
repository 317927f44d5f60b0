import type { Mail, Mailer } from '../../src/server/mail/mailer.js';

/** A fake Mailer that keeps what it was asked to send. */
export class RecordingMailer implements Mailer {
  readonly sent: Mail[] = [];

  send(mail: Mail): Promise<void> {
    this.sent.push(mail);
    return Promise.resolve();
  }

  /** Mail to one address, oldest first. */
  to(address: string): Mail[] {
    return this.sent.filter((mail) => mail.to === address);
  }

  /** The code of the newest mail to `address`. */
  lastCode(address: string): string {
    return codeIn(this.to(address).at(-1)?.text ?? '');
  }
}

/** The 6-digit code of a code mail (subject and first line carry it). */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (match?.[1] === undefined) throw new Error(`no code in: ${text}`);
  return match[1];
}
