import { OpsClientPaths } from '../src/contract/ops.js';
import { OpsMessages } from '../src/contract/ops-messages.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { auditRowsOf } from './support/ops-both-sides.js';
import { consoleOnNewApplication } from './support/ops-developer.js';

// docs/connect.md and docs/product.md section 6: the console ends every Connect session of an
// application, or of a client code in every application, with a reason kept in the audit.

const text = OpsMessages.connect;
const actions = OpsMessages.audit.actions;
const WIDTHS = [1280, 390] as const;

async function axeAtEachWidth(page: Parameters<typeof expectNoAxeViolations>[0]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoAxeViolations(page);
  }
}

test("an admin ends an application's Connect sessions, then a client code's, each audited", async ({
  page,
  request,
}) => {
  test.slow();
  const { found, operator } = await consoleOnNewApplication(page, request, 'admin');
  const section = page.getByRole('region', { name: text.title });
  const open = section.getByRole('button', { name: text.endApp });
  await open.click();
  const dialog = page.getByRole('dialog', { name: text.endApp });
  await expect(dialog.getByLabel(text.reason)).toBeFocused();
  await dialog.getByRole('button', { name: text.endApp }).click();
  await expect(dialog.getByRole('alert')).toHaveText(OpsMessages.application.reasonRequired);
  await axeAtEachWidth(page);
  const appReason = `Client phone stolen ${found.ip}`;
  await dialog.getByLabel(text.reason).fill(appReason);
  await dialog.getByRole('button', { name: text.endApp }).click();
  await expect(page.getByRole('status')).toHaveText(text.ended(0));
  await expect(dialog).toBeHidden();

  await page.goto(OpsClientPaths.find);
  const form = page.getByRole('form', { name: text.clientTitle });
  await form.getByRole('button', { name: text.endClient }).click();
  await expect(form.getByLabel(text.clientCode)).toBeFocused();
  await axeAtEachWidth(page);
  await form.getByLabel(text.clientCode).fill(found.clientId);
  const clientReason = `Client asked to sign out everywhere ${found.ip}`;
  await form.getByLabel(text.reason).fill(clientReason);
  await form.getByRole('button', { name: text.endClient }).click();
  await expect(page.getByRole('status')).toHaveText(text.ended(0));
  await expect(form.getByLabel(text.clientCode)).toHaveValue('');

  const rows = await auditRowsOf(page, operator.email);
  await expect(rows.nth(0)).toContainText(actions['client.connect_sessions_ended']);
  await expect(rows.nth(0)).toContainText(clientReason);
  await expect(rows.nth(1)).toContainText(actions['application.connect_sessions_ended']);
  await expect(rows.nth(1)).toContainText(appReason);
});
