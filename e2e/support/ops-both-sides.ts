import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { Messages } from '../../src/contract/messages.js';
import { OpsClientPaths } from '../../src/contract/ops.js';
import { OpsMessages } from '../../src/contract/ops-messages.js';
import { expect } from './fixtures.js';
import { listMail } from './mailbox.js';
import { isPath } from './paths.js';
import { signInWithForm } from './screens.js';

const AFTER_LOAD = { timeout: 15_000 };

/** Waits for a mail to `to` whose text holds `part` (an operator's reason) and answers it. */
export async function waitForMailWith(request: APIRequestContext, to: string, part: string) {
  let found: Awaited<ReturnType<typeof listMail>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await listMail(request, to)).find((mail) => mail.text.includes(part));
        return found !== undefined;
      },
      { message: `a mail to ${to} saying "${part}"`, timeout: 10_000 },
    )
    .toBe(true);
  return found;
}

/**
 * The developer's own /activity, in a browser of their own (a second context: no operator
 * cookie), signed in through the form; answers the list of events, to close with the context.
 */
export async function openDeveloperActivity(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname !== '/login', AFTER_LOAD);
  await page.goto('/activity');
  const events = page.getByRole('list', { name: Messages.activity.title }).locator(':scope > li');
  await expect(events.first()).toBeVisible(AFTER_LOAD);
  return { context, events };
}

/** The operator's audit page filtered to `operatorEmail`: its rows, newest first. */
export async function auditRowsOf(page: Page, operatorEmail: string) {
  await page.goto(`${OpsClientPaths.audit}?${new URLSearchParams({ operator: operatorEmail })}`);
  await expect(page).toHaveURL(isPath(OpsClientPaths.audit));
  const rows = page.getByRole('group', { name: OpsMessages.audit.title }).locator('tbody tr');
  await expect(rows.first()).toBeVisible(AFTER_LOAD);
  return rows;
}
