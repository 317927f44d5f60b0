/** One e-mail, in plain text and HTML. */
export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** The mail port: SMTP in production, the embedded mailbox otherwise, a fake in tests. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The part of the app logger the mailbox needs. */
export interface MailLog {
  info(details: Record<string, unknown>, message: string): void;
}
