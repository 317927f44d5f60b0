import { OpsApiPaths, OpsClientPaths } from '../src/contract/ops.js';
import { OpsMessages } from '../src/contract/ops-messages.js';
import { expect, test } from './support/fixtures.js';
import { otherCode } from './support/mailbox.js';
import {
  addOperator,
  enrollInBrowser,
  nextCode,
  signInOperator,
  signedInOperator,
  submitSignIn,
} from './support/operators.js';

// Operators enroll from the link the admin command prints, sign in with password
// and TOTP code, see only their role's areas, and sign out.

const isPath = (path: string) => (url: URL) => url.pathname === path;

test('an operator enrolls from the link, signs in with a code, lands on the queue, and signs out', async ({
  page,
  allowFailedResponse,
}) => {
  allowFailedResponse(OpsApiPaths.session, 401);
  const added = await addOperator('reviewer');
  const operator = await enrollInBrowser(page, added, 'reviewer');
  await expect(page.getByText(OpsMessages.enroll.done)).toBeVisible();

  await signInOperator(page, operator);
  await expect(page).toHaveURL(isPath(OpsClientPaths.proofs));
  await expect(page).toHaveTitle(`${OpsMessages.proofs.title} · ${OpsMessages.title}`);
  await expect(
    page.getByRole('heading', { level: 1, name: OpsMessages.proofs.title }),
  ).toBeVisible();

  await page.getByRole('button', { name: OpsMessages.nav.signOut }).click();
  await expect(page).toHaveURL(isPath(OpsClientPaths.login));
  await expect(page.getByRole('status')).toHaveText(OpsMessages.login.signedOut);
  await page.goto(OpsClientPaths.proofs);
  await expect(page).toHaveURL(isPath(OpsClientPaths.login));
  await expect(
    page.getByRole('heading', { level: 1, name: OpsMessages.login.title }),
  ).toBeVisible();
});

test('a wrong code is refused with the message, the right one then signs in', async ({
  page,
  allowFailedResponse,
}) => {
  allowFailedResponse(OpsApiPaths.session, 401);
  const operator = await enrollInBrowser(page, await addOperator('support'), 'support');
  const code = await nextCode(operator, page);
  await submitSignIn(page, operator, otherCode(code));
  await expect(
    page.getByRole('alert').filter({ hasText: OpsMessages.login.badCredentials }),
  ).toBeVisible();
  await expect(page).toHaveURL(isPath(OpsClientPaths.login));

  await page.getByLabel(OpsMessages.login.code).fill(code);
  await page.getByRole('button', { name: OpsMessages.login.submit }).click();
  await expect(
    page.getByText(OpsMessages.nav.signedInAs(operator.email, OpsMessages.roles.support)),
  ).toBeVisible();
  await expect(page).toHaveURL(isPath(OpsClientPaths.find));
});

test('an enrollment link works once', async ({ page, allowFailedResponse }) => {
  allowFailedResponse(OpsApiPaths.enrollment, 404);
  const added = await addOperator('admin');
  await enrollInBrowser(page, added, 'admin');
  await page.goto(added.enrollPath);
  await expect(page.getByRole('alert')).toHaveText(OpsMessages.enroll.linkInvalid);
  await expect(page.getByLabel(OpsMessages.enroll.password, { exact: true })).toHaveCount(0);
});

test("a reviewer does not see support's areas and gets the forbidden text on their pages", async ({
  page,
}) => {
  // The reviewer lands on the proof queue; its request must be done before counting calls.
  const queueLoaded = page.waitForResponse((response) =>
    isPath(OpsApiPaths.proofs)(new URL(response.url())),
  );
  await signedInOperator(page, 'reviewer');
  await queueLoaded;
  const nav = page.getByRole('navigation', { name: OpsMessages.nav.label });
  await expect(nav.getByRole('link')).toHaveText([OpsMessages.nav.proofs]);
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  for (const path of [OpsClientPaths.find, '/ops/developers/dev_1', OpsClientPaths.audit]) {
    await page.goto(path);
    await expect(page.getByText(OpsMessages.session.forbidden)).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText([OpsMessages.nav.proofs]);
  }
  expect(new Set(calls)).toEqual(new Set([OpsApiPaths.session]));
});

test("the developers' /login loads nothing of the console", async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  expect(fetched.filter((path) => path.startsWith('/ops'))).toEqual([]);
  expect(await page.content()).not.toContain('/ops/');
});
