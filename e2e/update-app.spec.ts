import { ApiPaths } from '../src/contract/api-paths.js';
import { Messages } from '../src/contract/messages.js';
import { Limits } from '../src/contract/limits.js';
import type { APIRequestContext, Page } from '@playwright/test';
import { makePng } from '../test/support/png.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import {
  appByApi,
  accessTokenOf,
  changeIpsByApi,
  createAppByApi,
  freshIp,
  freshIpv6,
  openSignedIn,
} from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { expectNotice, notice } from './support/notices.js';
import { isPath } from './support/paths.js';

// docs/product.md section 2, /update-app/{application_id}; states of section 4; rules of section 5;
// errors of section 8. The e2e server's product name is 'Acme Trade' (server-env.ts).

/** A verified developer's access token, made through the API. */
async function developerToken(request: APIRequestContext): Promise<string> {
  const developer = await createVerifiedDeveloper(request);
  return accessTokenOf(request, developer.email, developer.password);
}

function appPath(id: string): string {
  return `/update-app/${id}`;
}

/** The update screen, located as a user finds it: by role and label. */
function updateScreen(page: Page) {
  const heading = page.getByRole('heading', { level: 1 });
  return {
    heading,
    /** The block of the app's logo, name, badge and Delete button. */
    header: heading.locator('xpath=../..'),
    /** The logo beside the name (decorative: alt ''). */
    headingLogo: heading.locator('xpath=../..').locator('img'),
    badge: heading.locator('xpath=..').getByText(/^(Active|Paused)$/),
    keys: page.getByRole('complementary', { name: 'Keys' }),
    name: page.getByRole('textbox', { name: 'App name*', exact: true }),
    algoId: page.getByRole('textbox', { name: 'Algo ID', exact: true }),
    icon: page.getByLabel('App Icon'),
    redirectUrl: page.getByRole('textbox', { name: 'Redirect URL*', exact: true }),
    postbackUrl: page.getByRole('textbox', { name: 'Postback URL', exact: true }),
    clientId: page.getByRole('textbox', { name: 'Acme Trade Client ID', exact: true }),
    description: page.getByRole('textbox', { name: 'Description', exact: true }),
    status: page.getByRole('switch', { name: 'Status' }),
    ip: (n: number) => page.getByLabel(`IP address ${String(n)}`, { exact: true }),
    removeIp: (n: number) => page.getByRole('button', { name: `Remove IP address ${String(n)}` }),
    addIp: page.getByRole('button', { name: 'Add IP address' }),
    save: page.getByRole('button', { name: 'Save' }),
    delete: page.getByRole('button', { name: 'Delete', exact: true }),
  };
}

/** Opens the update screen of `id` signed in, and waits until the app has loaded. */
async function openApp(page: Page, token: string, id: string, name: string) {
  await openSignedIn(page, token, appPath(id));
  const screen = updateScreen(page);
  // The first screen after sign-in loads its route chunk and the HTTP client on demand.
  await expect(screen.heading).toHaveText(name, { timeout: 15_000 });
  return screen;
}

/** Marks the current document, so a test can tell a full page load from a client navigation. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { updateAppMark?: boolean }).updateAppMark = true;
  });
}

async function isDocumentMarked(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { updateAppMark?: boolean }).updateAppMark === true,
  );
}

function ipsOf(app: { ipRecordsWithFamilyPending: { ip: string }[] }): string[] {
  return app.ipRecordsWithFamilyPending.map((record) => record.ip);
}

test('the app loads with its name, badge, Go Back link and a keys tile whose values copy', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const token = await developerToken(request);
  const id = await createAppByApi(request, token, { name: 'Momentum bot' });
  const stored = await appByApi(request, token, id);
  expect(stored.secret.length).toBeGreaterThan(15);

  const screen = await openApp(page, token, id, 'Momentum bot');
  await expect(screen.badge).toHaveText('Active');
  await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute(
    'href',
    '/create-new-app',
  );
  await expect(screen.delete).toBeVisible();

  const masked = stored.secret.slice(0, 10) + '*'.repeat(stored.secret.length - 10);
  await expect(screen.keys.getByText('API Key', { exact: true })).toBeVisible();
  await expect(screen.keys.getByText(masked, { exact: true })).toBeVisible();
  await expect(screen.keys.getByText(stored.secret, { exact: true })).toHaveCount(0);
  await expect(screen.keys.getByText('Application ID', { exact: true })).toBeVisible();
  await expect(screen.keys.getByText(id, { exact: true })).toBeVisible();

  await screen.keys.getByRole('button', { name: 'Copy API Key' }).click();
  await expectNotice(page, 'Api Key has been Copied', 'success');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.secret);

  await screen.keys.getByRole('button', { name: 'Copy Application ID' }).click();
  await expectNotice(page, 'Application Id has been Copied', 'success');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);

  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(isPath('/create-new-app'));
});

test('every editable field saves, the client id stays read-only, and Save reloads My Apps', async ({
  page,
  request,
}) => {
  const token = await developerToken(request);
  const id = await createAppByApi(request, token, { name: 'Momentum bot', clientId: 'AB1234' });
  const screen = await openApp(page, token, id, 'Momentum bot');

  await expect(screen.name).toHaveValue('Momentum bot');
  await expect(screen.redirectUrl).toHaveValue('https://bot.example.com/callback');
  await expect(screen.postbackUrl).toHaveValue('https://');
  await expect(screen.clientId).toHaveValue('AB1234');
  await expect(screen.clientId).not.toBeEditable();
  await expect(screen.description).toHaveAttribute(
    'placeholder',
    'Write about app...(limited to 200 characters)',
  );

  await screen.name.fill('Mean reversion bot');
  await screen.algoId.fill('  ALGO-77  ');
  await screen.redirectUrl.fill('https://trade.example.com/return');
  await screen.postbackUrl.fill('https://trade.example.com/postback');
  // Two lines filling the 200 characters: the browser sends the line break as CR LF, and it
  // still counts as one.
  const description = `${'Buys the dip. '.repeat(7)}\n${'Sells the rip. '.repeat(6)}Holds fast.`;
  expect(description).toHaveLength(Limits.descriptionMax);
  await screen.description.fill(description);
  await expect(screen.description).toHaveValue(description);
  await expect(screen.description).toHaveAccessibleDescription(
    Messages.app.descriptionCount(Limits.descriptionMax),
  );
  await expect(screen.save).toBeEnabled();
  await markDocument(page);
  await screen.save.click();

  await expect(page).toHaveURL(isPath('/create-new-app'));
  await expect(page.getByRole('article', { name: 'Mean reversion bot' })).toBeVisible();
  expect(await isDocumentMarked(page), 'Save loads My Apps as a new page').toBe(false);
  const stored = await appByApi(request, token, id);
  expect(stored).toMatchObject({
    applicationName: 'Mean reversion bot',
    algoId: 'ALGO-77',
    callbackUrl: 'https://trade.example.com/return',
    postbackUrl: 'https://trade.example.com/postback',
    description,
    isActive: true,
  });
});

test('the redirect, postback and client id tooltips show their texts on hover and focus', async ({
  page,
  request,
}) => {
  const token = await developerToken(request);
  const id = await createAppByApi(request, token, { name: 'Tooltip bot' });
  await openApp(page, token, id, 'Tooltip bot');
  const tooltip = page.getByRole('tooltip');

  await page.getByRole('button', { name: 'About the redirect URL' }).hover();
  await expect(tooltip).toHaveText(
    'HTTPS is required. 127.0.0.1 is allowed for testing. Not relevant for Publisher apps unless you do offsite basket execution.',
  );
  // Away from the trigger, past the tip's hover grace area: the tip closes.
  await page.getByRole('heading', { level: 1 }).hover();
  await page.mouse.move(1, 1, { steps: 5 });
  await expect(tooltip).toHaveCount(0);

  await page.getByRole('button', { name: 'About the postback URL' }).focus();
  await expect(tooltip).toHaveText(
    'Realtime order-completion updates are POSTed to this URL. HTTPS is required.',
  );

  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Postback URL', exact: true })).toBeFocused();
  await expect(tooltip).toHaveCount(0);
  // Below the fold of a 720 px window: tabbing to it scrolls the page, and the tip stays.
  const clientIdHelp = page.getByRole('button', { name: 'About the client ID' });
  await expect(clientIdHelp).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(clientIdHelp).toBeFocused();
  await expect(tooltip).toHaveText(
    'By default the API is restricted to one Acme Trade user id. Multi-user login needs an e-mail request to Acme Trade.',
  );
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
  await expect(clientIdHelp).toBeFocused();
});

test('an empty name or a non-https redirect URL shows its error and disables Save; the description stops at 200', async ({
  page,
  request,
}) => {
  const token = await developerToken(request);
  const id = await createAppByApi(request, token, { name: 'Checked bot' });
  const screen = await openApp(page, token, id, 'Checked bot');
  await expect(screen.save).toBeEnabled();

  await screen.name.fill('');
  await expect(page.getByText('App Name is required !!!', { exact: true })).toBeVisible();
  await expect(screen.name).toHaveAttribute('aria-invalid', 'true');
  await expect(screen.save).toBeDisabled();

  await screen.redirectUrl.fill('http://bot.example.com/callback');
  await expect(screen.redirectUrl).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await screen.name.fill('Checked bot');
  await expect(page.getByText('App Name is required !!!', { exact: true })).toHaveCount(0);
  await expect(screen.save, 'the redirect URL alone keeps Save disabled').toBeDisabled();
  await screen.redirectUrl.fill('https://bot.example.com/callback');
  await expect(screen.redirectUrl).toHaveAttribute('aria-invalid', 'false');
  await expect(screen.save).toBeEnabled();

  await screen.description.fill('x'.repeat(250));
  await expect(screen.description).toHaveValue('x'.repeat(200));
  await expect(
    page.getByRole('status').filter({ hasText: Messages.app.descriptionLimitReached }),
  ).toHaveCount(1);
  await expect(screen.save).toBeEnabled();
});

test('the status switch pauses the app when the form is saved', async ({ page, request }) => {
  const token = await developerToken(request);
  const id = await createAppByApi(request, token, { name: 'Pausing bot' });
  const screen = await openApp(page, token, id, 'Pausing bot');

  await expect(screen.status).toBeChecked();
  await expect(screen.status).toHaveAccessibleDescription('Active');
  await screen.status.click();
  await expect(screen.status).not.toBeChecked();
  await expect(screen.status).toHaveAccessibleDescription('Paused');
  expect((await appByApi(request, token, id)).isActive, 'nothing saved before Save').toBe(true);

  await screen.save.click();
  await expect(page).toHaveURL(isPath('/create-new-app'));
  const card = page.getByRole('article', { name: 'Pausing bot' });
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
  expect((await appByApi(request, token, id)).isActive).toBe(false);

  await card.getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(isPath(appPath(id)));
  await expect(updateScreen(page).badge).toHaveText('Paused');
  await expect(updateScreen(page).status).not.toBeChecked();
});

test("the Algo ID is locked when it equals the product's name", async ({ page, request }) => {
  const token = await developerToken(request);
  const locked = await createAppByApi(request, token, { name: 'House bot', algoId: 'Acme Trade' });
  const free = await createAppByApi(request, token, { name: 'Own bot', algoId: 'ALGO-1' });

  const screen = await openApp(page, token, locked, 'House bot');
  await expect(screen.algoId).toHaveValue('Acme Trade');
  await expect(screen.algoId).not.toBeEditable();
  await expect(screen.algoId).toHaveAccessibleDescription(
    'The Acme Trade Algo ID cannot be changed.',
  );

  const other = await openApp(page, token, free, 'Own bot');
  await expect(other.algoId).toHaveValue('ALGO-1');
  await expect(other.algoId).toBeEditable();
});

test('the last IP row cannot be removed, and a sixth row is refused with a notice', async ({
  page,
  request,
}) => {
  const token = await developerToken(request);
  const id = await createAppByApi(request, token, { name: 'Listed bot' });
  const screen = await openApp(page, token, id, 'Listed bot');

  await expect(screen.ip(1)).toHaveValue('');
  await expect(screen.removeIp(1)).toBeDisabled();
  await screen.addIp.click();
  await expect(screen.ip(2)).toBeVisible();
  await expect(screen.removeIp(1)).toBeEnabled();
  await screen.removeIp(2).click();
  await expect(screen.ip(2)).toHaveCount(0);
  await expect(screen.removeIp(1)).toBeDisabled();

  for (let n = 2; n <= 5; n += 1) {
    await screen.addIp.click();
    await expect(screen.ip(n)).toBeVisible();
  }
  await screen.addIp.click();
  await expectNotice(page, 'At max 5 unique IPs are allowed per application', 'warning');
  await expect(screen.ip(6)).toHaveCount(0);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${String(viewport.width)} px`, () => {
    test.use({ viewport });

    test('within 15 days of an IP change the lock shows before any edit; an edit made before it is thrown away and says so, while the rest still saves', async ({
      page,
      request,
      allowFailedResponse,
    }) => {
      const token = await developerToken(request);
      const [first, second, third] = [freshIp(), freshIp(), freshIp()];
      const id = await createAppByApi(request, token, { name: 'Locked bot', ips: [first] });

      // This screen was opened before the IPs changed elsewhere: it shows no lock yet.
      let screen = await openApp(page, token, id, 'Locked bot');
      await expect(screen.ip(1)).toHaveValue(first);
      await expect(page.getByText(/IP fields are currently disabled/)).toHaveCount(0);
      await changeIpsByApi(request, token, id, [second]);

      allowFailedResponse(ApiPaths.app(id), 409);
      await screen.ip(1).fill(third);
      await screen.save.click();
      await expectNotice(page, 'IP addresses can only be updated once every 15 days', 'error');
      await expectNotice(page, Messages.ips.editDiscarded, 'warning');
      await expect(page).toHaveURL(isPath(appPath(id)));
      const lockNotice = page.getByRole('status').filter({
        hasText:
          'You can only update IP addresses once every 15 days. IP fields are currently disabled.',
      });
      await expect(lockNotice).toBeVisible();
      await expect(lockNotice).toContainText('The next IP change is allowed from');
      await expect(screen.ip(1), 'the rows go back to the IPs first loaded').toHaveValue(first);
      await expect(screen.ip(1)).toBeDisabled();
      await expect(screen.removeIp(1)).toBeDisabled();
      await expect(screen.addIp).toBeDisabled();
      await expectNoAxeViolations(page);

      // The rest saves; the stored IPs stay whatever the locked rows show.
      await screen.description.fill('Same IPs, new words.');
      await expect(screen.save).toBeEnabled();
      await screen.save.click();
      await expect(page).toHaveURL(isPath('/create-new-app'));
      const stored = await appByApi(request, token, id);
      expect(stored.description).toBe('Same IPs, new words.');
      expect(ipsOf(stored)).toEqual([second]);

      // Opened again, the screen shows the lock before any edit.
      screen = await openApp(page, token, id, 'Locked bot');
      await expect(lockNotice).toBeVisible();
      await expect(screen.ip(1)).toHaveValue(second);
      await expect(screen.ip(1)).toBeDisabled();
    });
  });
}

test('a lock met with the IPs only spelled otherwise throws no IP edit away, and says none was', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  const token = await developerToken(request);
  const spelled = freshIpv6();
  const id = await createAppByApi(request, token, { name: 'Spelled bot', ips: [spelled] });
  const screen = await openApp(page, token, id, 'Spelled bot');
  const [stored] = ipsOf(await appByApi(request, token, id));
  expect(stored, 'the server keeps the canonical form').not.toBe(spelled);
  await expect(screen.ip(1)).toHaveValue(stored ?? '');
  await changeIpsByApi(request, token, id, [freshIp()]);

  allowFailedResponse(ApiPaths.app(id), 409);
  await screen.ip(1).fill(spelled);
  await screen.description.fill('The same IP, typed in capitals.');
  await screen.save.click();
  await expectNotice(page, 'IP addresses can only be updated once every 15 days', 'error');
  await expect(screen.ip(1), 'the rows go back to the IPs first loaded').toHaveValue(stored ?? '');
  await expect(notice(page, Messages.ips.editDiscarded)).toHaveCount(0);
});

test('a 55x55 PNG becomes the logo at once, a wrong size sends nothing, and Clear icon saves the default', async ({
  page,
  request,
}) => {
  const token = await developerToken(request);
  const id = await createAppByApi(request, token, { name: 'Iconic bot' });
  const screen = await openApp(page, token, id, 'Iconic bot');
  await expect(page.getByText('Default icon', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear icon' })).toHaveCount(0);
  const defaultLogo = await screen.headingLogo.getAttribute('src');
  expect(defaultLogo).not.toMatch(/\/uploads\/logos\//);

  const writes: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT') writes.push(sent.url());
  });
  await screen.icon.setInputFiles({
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: makePng(56, 55),
  });
  await expect(page.getByText('App Icon must be 55x55 pixels.', { exact: true })).toBeVisible();
  await expect(screen.icon).toHaveAttribute('aria-invalid', 'true');
  expect(writes, 'a wrong-size icon is not sent').toEqual([]);
  await expect(screen.headingLogo).toHaveAttribute('src', defaultLogo ?? '');

  // The notice follows the upload's answer: wait for that first, as the user does (on a
  // loaded machine the upload alone took longer than the notice check's 5 s).
  const uploaded = page.waitForResponse(
    (answer) => answer.request().method() === 'PUT' && answer.url().includes(`/app/${id}`),
    { timeout: 30_000 },
  );
  await screen.icon.setInputFiles({
    name: 'momentum-logo.png',
    mimeType: 'image/png',
    buffer: makePng(55, 55),
  });
  expect((await uploaded).status()).toBe(200);
  await expectNotice(page, 'Logo uploaded successfully', 'success');
  await expect(page.getByText('App Icon must be 55x55 pixels.', { exact: true })).toHaveCount(0);
  await expect(screen.headingLogo).toHaveAttribute('src', /\/uploads\/logos\/.+\.png$/);
  expect(writes).toHaveLength(1);
  // The icon is named as it was chosen, by its last 12 characters, never by the stored hash.
  const src = (await screen.headingLogo.getAttribute('src')) ?? '';
  const hash = src.split('/').at(-1) ?? '';
  await expect(page.getByText('tum-logo.png', { exact: true })).toBeVisible();
  await expect(page.getByText(hash.slice(-12), { exact: true })).toHaveCount(0);
  expect(await appByApi(request, token, id)).toMatchObject({
    logoUrl: expect.stringMatching(/\/uploads\/logos\/.+\.png$/),
    logoName: 'momentum-logo.png',
  });
  await page.reload();
  await expect(page.getByText('tum-logo.png', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Clear icon' }).click();
  await expect(page.getByText('Default icon', { exact: true })).toBeVisible();
  await expect(page.getByText('tum-logo.png', { exact: true })).toHaveCount(0);
  expect((await appByApi(request, token, id)).logoUrl, 'clearing saves nothing until Save').toMatch(
    /\/uploads\/logos\//,
  );
  await screen.save.click();
  await expect(page).toHaveURL(isPath('/create-new-app'));
  const stored = await appByApi(request, token, id);
  expect(stored.logoUrl).not.toMatch(/\/uploads\/logos\//);
  expect(stored.logoUrl).toBe(defaultLogo);
});

test('Delete asks in a dialog; Cancel keeps the app, confirming removes it', async ({
  page,
  request,
}) => {
  const token = await developerToken(request);
  const id = await createAppByApi(request, token, { name: 'Doomed bot' });
  await createAppByApi(request, token, { name: 'Keeper bot' });
  const screen = await openApp(page, token, id, 'Doomed bot');

  const dialog = page.getByRole('dialog', { name: 'Delete this app?' });
  await expect(dialog).toHaveCount(0);
  await screen.delete.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete Doomed bot' })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(screen.heading).toHaveText('Doomed bot');
  expect((await appByApi(request, token, id)).applicationName).toBe('Doomed bot');

  await screen.delete.click();
  await dialog.getByRole('button', { name: 'Delete Doomed bot' }).click();
  await expectNotice(page, 'Application deleted successfully', 'success');
  await expect(page).toHaveURL(isPath('/create-new-app'));
  await expect(page.getByRole('article', { name: 'Keeper bot' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Doomed bot' })).toHaveCount(0);
  const gone = await request.get(ApiPaths.app(id), {
    headers: { authorization: `Bearer ${token}` },
    failOnStatusCode: false,
  });
  expect(gone.status()).toBe(404);
});

test('the only app cannot be deleted: a warning shows and the app stays', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  const token = await developerToken(request);
  const id = await createAppByApi(request, token, { name: 'Lonely bot' });
  allowFailedResponse(ApiPaths.app(id), 409);
  const screen = await openApp(page, token, id, 'Lonely bot');

  await screen.delete.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this app?' });
  await dialog.getByRole('button', { name: 'Delete Lonely bot' }).click();
  await expectNotice(
    page,
    'You cannot delete your only application. Please create another app before deleting this one.',
    'warning',
  );
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(isPath(appPath(id)));
  await expect(screen.heading).toHaveText('Lonely bot');
  expect((await appByApi(request, token, id)).applicationName).toBe('Lonely bot');
});

test("the app is asked for while the screen's form code still loads, once", async ({
  page,
  request,
}) => {
  const token = await developerToken(request);
  const id = await createAppByApi(request, token, { name: 'Early bot' });
  const appCalls: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === ApiPaths.app(id)) appCalls.push(sent.method());
  });
  // The form's code, loaded on demand (decision 034), is held until the app's request has gone
  // out: the request waits for the screen's chunk only (decision 043).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/UpdateAppForm-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest((sent) => new URL(sent.url()).pathname === ApiPaths.app(id), {
    timeout: 15_000,
  });

  await openSignedIn(page, token, appPath(id));
  await asked;
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Early bot' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(updateScreen(page).name).toHaveValue('Early bot');
  expect(appCalls).toEqual(['GET']);
});

test("another developer's app, or an unknown id, shows the server's 'Application not found'", async ({
  page,
  request,
  allowFailedResponse,
}) => {
  const ownerToken = await developerToken(request);
  const foreign = await createAppByApi(request, ownerToken, { name: 'Private bot' });
  const token = await developerToken(request);
  allowFailedResponse(ApiPaths.app(foreign), 404);
  allowFailedResponse(ApiPaths.app('app_no_such_app'), 404);

  await openSignedIn(page, token, appPath(foreign));
  // The first check after a full page load: the shared machine can take more than 5 s.
  await expect(page.getByRole('alert').filter({ hasText: 'Application not found' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Private bot')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'App name*', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go Back' })).toBeVisible();

  await page.goto(appPath('app_no_such_app'));
  await expect(page.getByRole('alert').filter({ hasText: 'Application not found' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Keys' })).toHaveCount(0);
});

test('the header shows on desktop only; the screen stays usable and accessible on a phone', async ({
  page,
  request,
}) => {
  const token = await developerToken(request);
  const id = await createAppByApi(request, token, { name: 'Pocket bot' });
  await createAppByApi(request, token, { name: 'Spare bot' });
  const screen = await openApp(page, token, id, 'Pocket bot');
  const banner = page.getByRole('banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(banner).toHaveCount(0);
  await expect(screen.heading).toBeVisible();
  await expect(screen.keys).toBeVisible();
  await expectNoAxeViolations(page);

  await screen.delete.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this app?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await screen.description.fill('Trades from a phone.');
  await screen.save.scrollIntoViewIfNeeded();
  await expect(screen.save).toBeInViewport();
  await screen.save.click();
  await expect(page).toHaveURL(isPath('/create-new-app'));
  expect((await appByApi(request, token, id)).description).toBe('Trades from a phone.');
});
