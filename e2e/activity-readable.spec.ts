import type { Locator, Page } from '@playwright/test';
import { ApiPaths } from '../src/contract/api-paths.js';
import { Messages } from '../src/contract/messages.js';
import { maskApiKey } from '../src/contract/rules.js';
import { formatTime } from '../src/web/ui/format-time.js';
import { createVerifiedDeveloper, xsrfHeaders } from './support/accounts.js';
import { accessTokenOf, appByApi, createAppByApi, openSignedIn } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { StepUpPaths } from '../src/contract/step-up.js';

// The activity log reads like a bank statement (docs/product.md, the activity screen): each
// event a sentence with the application's name, times as the screens write them, durations in
// words; the filters lay out without overlap and take days in the portal's format; the key
// tile keeps a masked key on one line.

const text = Messages.activity;
const AFTER_LOAD = { timeout: 15_000 };

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not laid out');
  return box;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The filter form's four fields, label to control. */
function filterFields(page: Page): Locator[] {
  const form = page.getByRole('form', { name: text.filtersTitle });
  return [
    form.getByRole('combobox', { name: text.applicationLabel }),
    form.getByRole('combobox', { name: text.kindLabel }),
    form.getByRole('textbox', { name: text.fromLabel, exact: true }),
    form.getByRole('textbox', { name: text.toLabel, exact: true }),
  ];
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.slow();

    test('a rolled key reads as a sentence with the name, the time and the grace in words', async ({
      page,
      request,
    }) => {
      const developer = await createVerifiedDeveloper(request);
      const token = await accessTokenOf(request, developer.email, developer.password);
      const id = await createAppByApi(request, token, { name: 'Momentum Bot' });
      const headers = { ...(await xsrfHeaders(request)), authorization: `Bearer ${token}` };
      // The roll needs the session's step-up (docs/decisions/068-step-up.md).
      const steppedUp = await request.post(StepUpPaths.stepUp, {
        data: { password: developer.password },
        headers,
      });
      expect(steppedUp.status()).toBe(200);
      const rolled = await request.post(ApiPaths.rollKey(id), { data: { grace: '24h' }, headers });
      expect(rolled.status()).toBe(200);
      const rolledAt = Date.now();

      await openSignedIn(page, token, '/activity');
      const list = page.getByRole('list', { name: text.title });
      const roll = list.locator(':scope > li').filter({ hasText: text.kinds['key.rolled'] });
      await expect(roll).toBeVisible(AFTER_LOAD);
      const sentence = (await roll.locator('p').nth(1).textContent()) ?? '';
      // The old key's end as the screens write it; the roll happened within this minute or so.
      const ends = [0, 60_000].map((late) =>
        formatTime(new Date(rolledAt - late + 24 * 60 * 60_000).toISOString()),
      );
      expect(
        ends.map(
          (end) => `Rolled the API key of Momentum Bot. The old key works until ${end} (24 hours).`,
        ),
      ).toContain(sentence);
      const created = list.locator(':scope > li').filter({ hasText: text.kinds['app.created'] });
      await expect(created).toContainText('Created the application Momentum Bot.');
      await expect(list).not.toContainText(id);
      await expect(list).not.toContainText(
        /grace|oldKeyStopsAt|applicationName|\d{4}-\d{2}-\d{2}T/,
      );
      await expectNoAxeViolations(page);

      // The filters: no field over another, days in the portal's format.
      const boxes = await Promise.all(filterFields(page).map(boxOf));
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
      }
      const from = page
        .getByRole('form', { name: text.filtersTitle })
        .getByLabel(text.fromLabel, { exact: true });
      await expect(from).toHaveAttribute('placeholder', text.dayPlaceholder);
      await from.fill('28/11/2026');
      await page.getByRole('button', { name: text.apply }).click();
      await expect(from).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(text.dayInvalid)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the key tile keeps a masked key on one line', async ({ page, request }) => {
      const developer = await createVerifiedDeveloper(request);
      const token = await accessTokenOf(request, developer.email, developer.password);
      const id = await createAppByApi(request, token, { name: 'Momentum Bot' });
      const key = (await appByApi(request, token, id)).secret;
      await openSignedIn(page, token, `/update-app/${id}`);
      const tile = page.getByRole('complementary', { name: 'Keys' });
      const masked = tile.getByText(maskApiKey(key), { exact: true });
      await expect(masked).toBeVisible(AFTER_LOAD);
      const lineHeight = await masked.evaluate((element) => {
        const style = getComputedStyle(element);
        const given = Number.parseFloat(style.lineHeight);
        // 'normal' is about 1.2 times the font size.
        return Number.isNaN(given) ? Number.parseFloat(style.fontSize) * 1.25 : given;
      });
      expect((await boxOf(masked)).height).toBeLessThan(lineHeight * 1.5);
    });
  });
}
