import { readFile } from 'node:fs/promises';
import { OpsApiPaths, OpsClientPaths, OpsLimits } from '../src/contract/ops.js';
import { OpsMessages } from '../src/contract/ops-messages.js';
import { postJson } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { createSearchableDeveloper } from './support/ops-developer.js';
import { signedInOperator } from './support/operators.js';

// The audit (docs/product.md section 2.14): an admin filters the operators' audit (the filters kept in the URL),
// pages to older entries by the keyset cursor, and downloads the same filters as CSV.

const text = OpsMessages.audit;
const AFTER_LOAD = { timeout: 15_000 };
// More pauses and resumes than one page holds.
const CHANGES = OpsLimits.auditPageSize + 2;

test('filters in the URL, older entries by the cursor, and the CSV holds the same rows', async ({
  page,
  request,
}) => {
  test.slow();
  const found = await createSearchableDeveloper(request);
  const admin = await signedInOperator(page, 'admin');
  for (let n = 1; n <= CHANGES; n++) {
    const response = await postJson(
      page.request,
      OpsApiPaths.applicationStatus(found.applicationId),
      {
        isActive: n % 2 === 0,
        reason: `Audit check ${String(n)}`,
      },
    );
    expect(response.status(), await response.text()).toBe(200);
  }

  await page.goto(OpsClientPaths.audit);
  await page.getByLabel(text.operator).fill(admin.email);
  await page.getByLabel(text.action).selectOption({ label: text.actions['application.paused'] });
  await page.getByRole('button', { name: text.apply }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('operator') === admin.email &&
      url.searchParams.get('action') === 'application.paused',
  );
  const rows = page.getByRole('group', { name: text.title }).locator('tbody tr');
  await expect(rows).toHaveCount(CHANGES / 2, AFTER_LOAD);
  await expect(rows.first()).toContainText(`Audit check ${String(CHANGES - 1)}`);
  await expect(page.getByRole('button', { name: text.older })).toHaveCount(0);

  // The filters live in the URL: a reload keeps them.
  await page.reload();
  await expect(page.getByLabel(text.operator)).toHaveValue(admin.email, AFTER_LOAD);
  await expect(rows).toHaveCount(CHANGES / 2);

  // Every action of this operator: more than a page.
  await page.getByLabel(text.action).selectOption({ label: text.allActions });
  await page.getByRole('button', { name: text.apply }).click();
  await expect(rows).toHaveCount(OpsLimits.auditPageSize);
  await expect(rows.first()).toContainText(`Audit check ${String(CHANGES)}`);
  const firstPage = await rows.allTextContents();
  await page.getByRole('button', { name: text.older }).click();
  await expect(rows.first()).not.toHaveText(firstPage[0] ?? '');
  const olderPage = await rows.allTextContents();
  expect(olderPage.join('\n')).toContain('Audit check 1');
  expect(olderPage.some((row) => firstPage.includes(row))).toBe(false);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: text.exportCsv }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(text.csvFileName);
  const csv = await readFile(await file.path(), 'utf8');
  const lines = csv.split(/\r?\n/).filter((line) => line !== '');
  // The header, this export (written to the audit before the first row), then every entry of both pages.
  expect(lines).toHaveLength(1 + 1 + firstPage.length + olderPage.length);
  expect(lines[1]).toContain(
    `${admin.email},${text.actions['audit.exported']},audit.exported,${text.csvFileName}`,
  );
  for (let n = 1; n <= CHANGES; n++) expect(csv).toContain(`Audit check ${String(n)}`);
  expect(csv).toContain(admin.email);
});
