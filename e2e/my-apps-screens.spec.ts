import { StorageKeys } from '../src/web/session/storage.js';
import { makePdf } from '../test/support/png.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { accessTokenOf, appByApi, createAppByApi, freshIp, openSignedIn } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { holdRequests } from './support/network.js';
import { isPath } from './support/paths.js';

// docs/product.md section 2, /create-new-app and /create-app: card navigation, the stored client
// code, the loading state, and both screens at phone width.

async function signedInToken(request: Parameters<typeof createVerifiedDeveloper>[0]) {
  const developer = await createVerifiedDeveloper(request);
  return accessTokenOf(request, developer.email, developer.password);
}

test('a click anywhere on a card opens its app, as View Details does', async ({
  page,
  request,
}) => {
  const token = await signedInToken(request);
  const id = await createAppByApi(request, token, { name: 'Card bot', ips: [freshIp()] });
  await openSignedIn(page, token, '/create-new-app');
  const card = page.getByRole('article', { name: 'Card bot' });
  await card.getByText(id).click();
  await expect(page).toHaveURL(isPath(`/update-app/${id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Card bot' })).toBeVisible();

  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(isPath('/create-new-app'));
  await card.getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(isPath(`/update-app/${id}`));
});

test('a stored client code fills the client id, locks and blurs it, and is what gets sent', async ({
  page,
  request,
}) => {
  const token = await signedInToken(request);
  await openSignedIn(page, token, '/login');
  await page.evaluate((key) => localStorage.setItem(key, 'ZX9876'), StorageKeys.clientCode);
  await page.goto('/create-app');
  const clientId = page.getByLabel('Acme Trade Client ID*');
  await expect(clientId).toHaveValue('ZX9876');
  await expect(clientId).toBeDisabled();
  await expect(clientId).toHaveCSS('filter', /blur/);

  await page.getByLabel('App name*').fill('Coded bot');
  await page.getByLabel('Redirect URL*').fill('https://bot.example.com/callback');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(isPath('/create-new-app'));
  const id =
    (await page.getByRole('article', { name: 'Coded bot' }).getByText(/^app_/).textContent()) ?? '';
  expect((await appByApi(request, token, id)).allowedUsers).toBe('ZX9876');
});

test('while the create request runs, Create is disabled and busy and the spinner shows', async ({
  page,
  request,
}) => {
  const token = await signedInToken(request);
  await openSignedIn(page, token, '/create-app');
  await page.getByLabel('App name*').fill('Slow bot');
  await page.getByLabel('Acme Trade Client ID*').fill('AB1234');
  await page.getByLabel('Redirect URL*').fill('https://bot.example.com/callback');
  const release = await holdRequests(page, '/api/v1/app');
  const create = page.getByRole('button', { name: 'Create' });
  await create.click();
  await expect(create).toBeDisabled();
  await expect(create).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Uploading' })).toBeVisible();
  release();
  await expect(page).toHaveURL(isPath('/create-new-app'));
  await expect(page.getByRole('article', { name: 'Slow bot' })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the empty state, the create form with its errors, and the list pass axe', async ({
    page,
    request,
  }) => {
    const token = await signedInToken(request);
    await openSignedIn(page, token, '/create-new-app');
    await expect(page.getByText("You haven't created any apps yet.")).toBeVisible();
    await expect(page.getByRole('banner')).toHaveAttribute('data-variant', 'mobile');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Create New App' }).click();
    await expect(page).toHaveURL(isPath('/create-app'));
    await page.getByLabel('App name*').fill('x');
    await page.getByLabel('App name*').fill('');
    await page.getByLabel('IP address 1', { exact: true }).fill('300.1.1.1');
    await expect(page.getByText('App Name is required !!!')).toBeVisible();
    await expect(page.getByText('Invalid IP address!')).toBeVisible();
    await expectNoAxeViolations(page);
    const hasNoSideScroll = await page.evaluate(
      () => document.documentElement.scrollWidth <= window.innerWidth,
    );
    expect(hasNoSideScroll).toBe(true);

    await createAppByApi(request, token, { name: 'Phone bot', ips: [freshIp()] });
    await page.goto('/create-new-app');
    await expect(page.getByRole('article', { name: 'Phone bot' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the create screen takes a proof document at phone width after a duplicate-IP error', async ({
    page,
    request,
    allowFailedResponse,
  }) => {
    const owner = await signedInToken(request);
    const shared = freshIp();
    await createAppByApi(request, owner, { name: 'Owner bot', ips: [shared] });
    const token = await signedInToken(request);
    await openSignedIn(page, token, '/create-app');
    allowFailedResponse('/api/v1/app', 409);
    await page.getByLabel('App name*').fill('Family phone bot');
    await page.getByLabel('Acme Trade Client ID*').fill('AB1234');
    await page.getByLabel('Redirect URL*').fill('https://bot.example.com/callback');
    await page.getByLabel('IP address 1', { exact: true }).fill(shared);
    await page.getByRole('checkbox', { name: "These IPs are mine or my family members'" }).check();
    await page.getByRole('button', { name: 'Create' }).click();
    const skip = page.getByLabel(
      'Add the IPs already used by another developer, with a family-proof document for each',
    );
    await skip.check();
    await page.getByLabel(`Proof for ${shared}`).setInputFiles({
      name: 'proof.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(),
    });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(isPath('/create-new-app'));
    await expect(page.getByRole('article', { name: 'Family phone bot' })).toBeVisible();
  });
});
