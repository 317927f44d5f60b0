import type { Page } from '@playwright/test';
import { DevPaths } from '../src/contract/api-paths.js';
import { Messages } from '../src/contract/messages.js';
import { PostbackMessages, TEST_EVENT_TYPE } from '../src/contract/postbacks.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { accessTokenOf, createAppByApi, openSignedIn } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { e2eBaseUrl } from './support/server-env.js';

// Send test postback on the update screen reaches the embedded receiver
// (/dev/postbacks, a valid postback URL in embedded mode) and shows the status and the
// signature headers sent; the delivery log lists the test event with its attempt, and
// replays it. At desktop and phone widths, axe clean in each state.

const text = Messages.postbacks;
// The first check after a full page load: the shared 2-core test machine can take more
// than the default 5 s to load and run the scripts.
const AFTER_LOAD = { timeout: 15_000 };

function postbacksSection(page: Page) {
  return page.getByRole('region', { name: text.title });
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.slow();

    test('a test postback answers 200 with its signature headers; the log shows it and replays it', async ({
      page,
      request,
    }) => {
      const developer = await createVerifiedDeveloper(request);
      const token = await accessTokenOf(request, developer.email, developer.password);
      const id = await createAppByApi(request, token, {
        name: 'Postback tester',
        postbackUrl: `${e2eBaseUrl()}${DevPaths.postbacks}`,
      });

      await openSignedIn(page, token, `/update-app/${id}`);
      const section = postbacksSection(page);
      await expect(section.getByText(text.secretHidden, { exact: true })).toBeVisible(AFTER_LOAD);
      await expect(section.getByText(text.verifyTitle, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      await section.getByRole('button', { name: text.sendTest }).click();
      const result = section.getByRole('heading', { name: text.testResultTitle });
      await expect(result).toBeVisible();
      await expect(section.getByText(text.testDelivered, { exact: true })).toBeVisible();
      const facts = section.locator('dl').filter({ hasText: text.statusCode });
      await expect(facts).toContainText('200');
      for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
        await expect(section.getByText(header, { exact: true })).toBeVisible();
      }
      await expect(section.getByText(/^v1,/)).toBeVisible();
      await expectNoAxeViolations(page);

      await section.getByRole('link', { name: text.logLink }).click();
      await expect(page.getByRole('heading', { level: 1, name: text.logTitle })).toBeVisible();
      const events = page.getByRole('list', { name: text.logTitle });
      const event = events.getByRole('listitem').filter({ hasText: TEST_EVENT_TYPE });
      await expect(event).toHaveCount(1);
      await expect(event.getByText(text.states.delivered, { exact: true })).toBeVisible();
      await expect(event.getByText(text.test, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      await event.getByRole('button', { name: text.details }).click();
      await expect(event.getByRole('heading', { name: text.attempt(1) })).toBeVisible();
      await expect(event.getByLabel(`${text.request} ${text.headers}`)).toContainText(
        'webhook-signature',
      );
      await expectNoAxeViolations(page);

      await event.getByRole('button', { name: text.replay }).click();
      await expect(event.getByRole('status')).toHaveText(PostbackMessages.replayed);
      await expectNoAxeViolations(page);
    });
  });
}
