import {
  OpsClientPaths,
  opsApplicationPath,
  opsDeveloperPath,
  type SearchMatch,
} from '../src/contract/ops.js';
import { OpsMessages } from '../src/contract/ops-messages.js';
import { expect, test } from './support/fixtures.js';
import { createSearchableDeveloper } from './support/ops-developer.js';
import { signedInOperator } from './support/operators.js';
import { isPath } from './support/paths.js';

// Find (docs/product.md section 2.14): support finds a developer and their application by each key a caller may
// give (e-mail, name, client id, application id, API key prefix, IP); the query is in the URL.

const text = OpsMessages.find;
const AFTER_LOAD = { timeout: 15_000 };

test('finds the developer or the application by each key, and back goes to the last search', async ({
  page,
  request,
}) => {
  test.slow();
  const found = await createSearchableDeveloper(request);
  await signedInOperator(page, 'support');
  await page.goto(OpsClientPaths.find);
  const box = page.getByRole('searchbox', { name: text.label });
  await expect(box).toBeVisible(AFTER_LOAD);
  const developers = page.getByRole('region', { name: text.developers });
  const applications = page.getByRole('region', { name: text.applications });

  const byKey: readonly [SearchMatch, string, 'developer' | 'application'][] = [
    ['email', found.developer.email, 'developer'],
    ['name', found.developer.name, 'developer'],
    ['client_id', found.clientId, 'application'],
    ['application_id', found.applicationId, 'application'],
    ['key_prefix', found.keyPrefix, 'application'],
    ['ip', found.ip, 'application'],
  ];
  for (const [match, query, kind] of byKey) {
    await box.fill(query);
    await box.press('Enter');
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === query);
    const list = kind === 'developer' ? developers : applications;
    const item = list.getByRole('listitem').filter({
      has: page.getByRole('link', {
        name: kind === 'developer' ? found.developer.email : found.appName,
      }),
    });
    await expect(item, `search by ${match}`).toContainText(text.matched(text.matchedBy[match]));
  }

  // Back: the previous search (the key prefix), its query in the box and its results.
  await page.goBack();
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === found.keyPrefix);
  await expect(box).toHaveValue(found.keyPrefix);
  await expect(applications.getByRole('link', { name: found.appName })).toBeVisible();

  await applications.getByRole('link', { name: found.appName }).click();
  await expect(page).toHaveURL(isPath(opsApplicationPath(found.applicationId)));
  await expect(page.getByRole('heading', { level: 1, name: found.appName })).toBeVisible();
  await page.getByRole('link', { name: found.developer.email }).click();
  await expect(page).toHaveURL(isPath(opsDeveloperPath(found.developerId)));
  await expect(page.getByRole('heading', { level: 1, name: found.developer.name })).toBeVisible();
});
