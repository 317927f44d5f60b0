import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.js';

/** One message of the embedded mailbox's JSON (`GET /dev/mail/messages`), newest first. */
export interface MailboxMessage {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly createdAt: string;
}

const CODE_PATTERN = /\b(\d{6})\b/;

/** Every message the portal sent to `to`, newest first. */
export async function listMail(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const response = await request.get(`/dev/mail/messages?${new URLSearchParams({ to })}`);
  expect(response.status(), 'GET /dev/mail/messages').toBe(200);
  return (await response.json()) as MailboxMessage[];
}

/** Waits until `to` has received at least `count` messages and answers the newest. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  count = 1,
): Promise<MailboxMessage> {
  let messages: MailboxMessage[] = [];
  await expect
    .poll(async () => (messages = await listMail(request, to)).length, {
      message: `mail number ${count} to ${to}`,
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(count);
  const newest = messages[0];
  if (newest === undefined) throw new Error(`no mail to ${to}`);
  return newest;
}

/** The 6-digit code of a mail, read from its plain text. */
export function codeOf(mail: MailboxMessage): string {
  const code = CODE_PATTERN.exec(mail.text)?.[1];
  if (code === undefined) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
  return code;
}

/** Waits for the `count`-th mail to `to` and reads its code. */
export async function waitForCode(
  request: APIRequestContext,
  to: string,
  count = 1,
): Promise<string> {
  return codeOf(await waitForMail(request, to, count));
}

/** A 6-digit code that is certainly not `code`. */
export function otherCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}
