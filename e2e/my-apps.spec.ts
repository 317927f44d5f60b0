import { Messages } from '../src/contract/messages.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { isPath } from './support/paths.js';
import { makePng } from '../test/support/png.js';
import { signInWithForm } from './support/screens.js';
import { freshIp, freshIpv6 } from './support/apps.js';

test('an unauthenticated visitor of My Apps goes to /login', async ({ page }) => {
  await page.goto('/create-new-app');
  await expect(page).toHaveURL(isPath('/login'));
});

test('a new developer sees the empty state, creates an app with an icon and IPs, and sees its card', async ({
  page,
  request,
}) => {
  const developer = await createVerifiedDeveloper(request);
  await page.goto('/login');
  await signInWithForm(page, developer.email, developer.password);
  await expect(page).toHaveURL(isPath('/create-new-app'));
  await expect(page.getByRole('heading', { level: 1, name: 'My Apps' })).toBeVisible();
  await expect(page.getByText("You haven't created any apps yet.")).toBeVisible();
  await expect(
    page.getByText('Get an api_key and a secret_key to start using the APIs'),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Create New App' }).click();
  await expect(page).toHaveURL(isPath('/create-app'));
  await expect(page.getByRole('heading', { level: 1, name: 'Create a new app' })).toBeVisible();
  await expect(page.getByText('Creating an app gives you an API_SECRET')).toBeVisible();
  await expect(page.getByLabel('Redirect URL*')).toHaveValue('https://');
  await expect(page.getByLabel('Postback URL')).toHaveValue('https://');
  const create = page.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();

  await page.getByLabel('App name*').fill('Momentum bot');
  await page.getByLabel('Acme Trade Client ID*').fill('AB1234');
  await page.getByLabel('Redirect URL*').fill('https://bot.example.com/callback');
  await page.getByLabel('App Icon').setInputFiles({
    name: 'icon.png',
    mimeType: 'image/png',
    buffer: makePng(55, 55),
  });
  await page.getByLabel('IP address 1', { exact: true }).fill(` ${freshIp()} `);
  await page.getByRole('button', { name: 'Add IP address' }).click();
  // Fresh for each run: the suite's one server keeps the IPs of every earlier run.
  await page.getByLabel('IP address 2', { exact: true }).fill(freshIpv6());
  // Listed IPs need the confirmation that they are the developer's own.
  await page.getByRole('checkbox', { name: Messages.ips.ownOrFamily }).check();
  await expect(page.getByRole('button', { name: 'Remove IP address 1' })).toBeEnabled();
  await expectNoAxeViolations(page);
  await expect(create).toBeEnabled();
  await create.click();

  await expect(page).toHaveURL(isPath('/create-new-app'));
  const card = page.getByRole('article', { name: 'Momentum bot' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByText(/^app_/)).toBeVisible();
  await expect(card.getByText(/^\d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /\/uploads\/logos\/.+\.png$/);
  await expect(card.getByRole('link', { name: /View Details/ })).toHaveAttribute(
    'href',
    /^\/update-app\/app_/,
  );
  await expectNoAxeViolations(page);
});

test('the create form shows the icon and IP rules before sending', async ({ page, request }) => {
  const developer = await createVerifiedDeveloper(request);
  await page.goto('/login');
  await signInWithForm(page, developer.email, developer.password);
  await expect(page).toHaveURL(isPath('/create-new-app'));
  await page.goto('/create-app');
  await page.getByLabel('App Icon').setInputFiles({
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: makePng(56, 55),
  });
  await expect(page.getByText('App Icon must be 55x55 pixels.')).toBeVisible();
  await page.getByLabel('IP address 1', { exact: true }).fill('010.0.0.1');
  await expect(page.getByText('Invalid IP address!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove IP address 1' })).toBeDisabled();
  for (let i = 0; i < 4; i += 1) await page.getByRole('button', { name: 'Add IP address' }).click();
  await page.getByRole('button', { name: 'Add IP address' }).click();
  await expect(
    page.getByText('At max 5 unique IPs are allowed per application', { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('IP address 6', { exact: true })).toHaveCount(0);
});
