import { readFile } from 'node:fs/promises';
import { Messages } from '../src/contract/messages.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { accessTokenOf, createAppByApi, freshIp } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { openMenuWhenNarrow } from './support/header.js';
import { isPath } from './support/paths.js';
import { signInWithForm } from './support/screens.js';

// The activity log (docs/product.md section 2.12): the sign-in and the changes made show on /activity from the
// header, filtered, paged and downloaded as CSV, at desktop and phone widths.

const text = Messages.activity;
const AFTER_LOAD = { timeout: 15_000 };

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.slow();

    test('shows the sign-in and the changes, filters, pages and downloads them', async ({
      page,
      request,
    }) => {
      const developer = await createVerifiedDeveloper(request);
      const token = await accessTokenOf(request, developer.email, developer.password);
      // More apps than one page holds: the list pages to older events.
      for (let n = 1; n <= 21; n++) {
        await createAppByApi(request, token, { name: `Bot ${String(n)}`, ips: [freshIp()] });
      }
      await page.goto('/login');
      await signInWithForm(page, developer.email, developer.password);
      await expect(page).toHaveURL(isPath('/create-new-app'), AFTER_LOAD);

      const banner = page.getByRole('banner');
      await openMenuWhenNarrow(banner);
      await banner.getByRole('link', { name: text.headerLink }).click();
      await expect(page).toHaveURL(isPath('/activity'));
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible(
        AFTER_LOAD,
      );
      const list = page.getByRole('list', { name: text.title });
      const events = list.locator(':scope > li');
      await expect(events.first()).toContainText(text.kinds['sign_in.succeeded']);
      await expect(events.nth(1)).toContainText('Bot 21');
      await expectNoAxeViolations(page);

      await page.getByRole('combobox', { name: text.kindLabel }).selectOption({
        label: text.kinds['app.created'],
      });
      await page.getByRole('button', { name: text.apply }).click();
      await expect(events.first()).toContainText('Bot 21');
      await expect(events).toHaveCount(20);
      await page.getByRole('button', { name: text.older }).click();
      await expect(events).toHaveCount(1);
      await expect(events.first()).toContainText('Bot 1');
      await expect(page.getByRole('button', { name: text.older })).toHaveCount(0);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: text.exportCsv }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('activity.csv');
      const csv = (await readFile(await file.path(), 'utf8')).split('\r\n');
      expect(csv[0]).toBe('time,event,kind,application,ip,device,details,summary');
      // 21 creations and the final empty line: the sign-in is filtered out.
      expect(csv).toHaveLength(23);
      await expectNoAxeViolations(page);
    });
  });
}
