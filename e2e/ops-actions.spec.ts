import { ApiPaths } from '../src/contract/api-paths.js';
import { Messages } from '../src/contract/messages.js';
import { OpsApiPaths, OpsClientPaths, opsDeveloperPath } from '../src/contract/ops.js';
import { OpsMessages } from '../src/contract/ops-messages.js';
import { postJson, signUpByApi } from './support/accounts.js';
import { ageCodes } from './support/code-age.js';
import { expect, test } from './support/fixtures.js';
import { waitForMail } from './support/mailbox.js';
import { auditRowsOf, openDeveloperActivity, waitForMailWith } from './support/ops-both-sides.js';
import { consoleOnNewApplication, createSearchableDeveloper } from './support/ops-developer.js';
import { signedInOperator } from './support/operators.js';

// The console's actions (docs/product.md section 6): each operator action is done from its page with a reason, announced,
// written to the operator's audit and, where it concerns the developer, to their own
// activity log (seen in a browser of their own); pause and resume reach them by e-mail.

const appText = OpsMessages.application;
const devText = OpsMessages.developer;
const kinds = Messages.activity.kinds;
const actions = OpsMessages.audit.actions;
const AFTER_LOAD = { timeout: 15_000 };
// The portal sends a developer at most one code a minute.
const RESEND_GAP_MS = 60_000;

test("pause and resume: reason required, e-mailed, audited and in the developer's activity", async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const { found, operator: admin } = await consoleOnNewApplication(page, request, 'admin');

  const pauseReason = `Orders in a loop ${found.ip}`;
  await page.getByRole('button', { name: appText.pause }).click();
  const dialog = page.getByRole('dialog', { name: appText.pause });
  await dialog.getByRole('button', { name: appText.pause }).click();
  await expect(dialog.getByRole('alert')).toHaveText(appText.reasonRequired);
  await dialog.getByLabel(appText.reason).fill(pauseReason);
  await dialog.getByRole('button', { name: appText.pause }).click();
  await expect(page.getByRole('status')).toHaveText(appText.pausedDone);
  await expect(page.getByRole('region', { name: appText.details })).toContainText(appText.paused);

  const resumeReason = `Fixed by the developer ${found.ip}`;
  await page.getByRole('button', { name: appText.resume }).click();
  const resume = page.getByRole('dialog', { name: appText.resume });
  await resume.getByLabel(appText.reason).fill(resumeReason);
  await resume.getByRole('button', { name: appText.resume }).click();
  await expect(page.getByRole('status')).toHaveText(appText.resumedDone);
  await expect(page.getByRole('region', { name: appText.details })).toContainText(appText.active);

  await waitForMailWith(request, found.developer.email, pauseReason);
  await waitForMailWith(request, found.developer.email, resumeReason);

  const rows = await auditRowsOf(page, admin.email);
  await expect(rows.nth(0)).toContainText(actions['application.resumed']);
  await expect(rows.nth(0)).toContainText(resumeReason);
  await expect(rows.nth(1)).toContainText(actions['application.paused']);
  await expect(rows.nth(1)).toContainText(pauseReason);

  const developer = await openDeveloperActivity(
    browser,
    found.developer.email,
    found.developer.password,
  );
  const resumed = developer.events.filter({ hasText: kinds['operator.app_resumed'] });
  await expect(resumed).toContainText(resumeReason);
  await expect(developer.events.filter({ hasText: kinds['operator.app_paused'] })).toContainText(
    pauseReason,
  );
  await developer.context.close();
});

test("unlock and end sessions: announced, the page reloaded, audited, in the developer's activity", async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const found = await createSearchableDeveloper(request);
  const signIn = (password: string) =>
    postJson(request, ApiPaths.signin, { email: found.developer.email, password });
  // Wrong passwords until the account is locked for this address: the right one is refused too.
  await expect
    .poll(async () => (await signIn('Wrong-Pass99x')).status(), { timeout: 15_000, intervals: [0] })
    .toBe(429);
  expect((await signIn(found.developer.password)).status()).toBe(429);
  const admin = await signedInOperator(page, 'admin');
  await page.goto(opsDeveloperPath(found.developerId));
  const profile = page.getByRole('region', { name: devText.profile });
  await expect(profile).toContainText(found.developer.email, AFTER_LOAD);
  await expect(profile).not.toContainText(devText.notLocked);

  await page.getByRole('button', { name: devText.unlock }).click();
  const unlock = page.getByRole('dialog', { name: devText.unlock });
  await unlock.getByLabel(devText.reasonOptional).fill('Called the help desk');
  await unlock.getByRole('button', { name: devText.unlock }).click();
  await expect(page.getByRole('status')).toHaveText(devText.unlocked);
  await expect(profile).toContainText(devText.notLocked);
  await expect(page.getByRole('button', { name: devText.unlock })).toHaveCount(0);
  expect((await signIn(found.developer.password)).status()).toBe(200);

  const sessions = page.getByRole('region', { name: devText.sessions });
  await page.reload();
  await expect(sessions.getByRole('row')).not.toHaveCount(0, AFTER_LOAD);
  await page.getByRole('button', { name: devText.endSessions }).click();
  const end = page.getByRole('dialog', { name: devText.endSessions });
  await end.getByRole('button', { name: devText.endSessions }).click();
  await expect(page.getByRole('status')).toHaveText(devText.sessionsEnded);
  await expect(sessions).toContainText(devText.noSessions);

  const rows = await auditRowsOf(page, admin.email);
  await expect(rows.nth(0)).toContainText(actions['developer.sessions_ended']);
  await expect(rows.nth(1)).toContainText(actions['developer.unlocked']);
  await expect(rows.nth(1)).toContainText('Called the help desk');

  const developer = await openDeveloperActivity(
    browser,
    found.developer.email,
    found.developer.password,
  );
  await expect(
    developer.events.filter({ hasText: kinds['operator.account_unlocked'] }),
  ).toContainText('Called the help desk');
  await expect(developer.events.filter({ hasText: kinds['operator.sessions_ended'] })).toHaveCount(
    1,
  );
  await developer.context.close();
});

test('resend the verification e-mail: too soon refused with the reason, then a new code arrives, audited', async ({
  page,
  request,
  allowFailedResponse,
}) => {
  const developer = await signUpByApi(request);
  await waitForMail(request, developer.email, 1);
  const admin = await signedInOperator(page, 'admin');
  await page.goto(`${OpsClientPaths.find}?${new URLSearchParams({ q: developer.email })}`);
  await page
    .getByRole('region', { name: OpsMessages.find.developers })
    .getByRole('link', { name: developer.email })
    .click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/ops/developers/'));
  const developerId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
  const profile = page.getByRole('region', { name: devText.profile });
  await expect(profile).toContainText(devText.notVerified, AFTER_LOAD);
  await page.getByRole('button', { name: devText.resendVerification }).click();
  const dialog = page.getByRole('dialog', { name: devText.resendVerification });
  const send = dialog.getByRole('button', { name: devText.resendVerification });

  // Within a minute of the sign-up's code the portal refuses another: its message shows.
  allowFailedResponse(OpsApiPaths.resendVerification(developerId), 429);
  await send.click();
  await expect(dialog.getByRole('alert')).toContainText(/\d+ seconds/);
  await expect(page.getByRole('status')).toHaveText('');

  // A minute after it, as the operator would, the new code goes out: the gap is made to have
  // passed in the database rather than waited out.
  await ageCodes(developer.email, RESEND_GAP_MS + 1_000);
  await send.click();
  await expect(page.getByRole('status')).toHaveText(devText.verificationResent);
  await expect(dialog).toBeHidden();
  await waitForMail(request, developer.email, 2);

  const rows = await auditRowsOf(page, admin.email);
  await expect(rows.nth(0)).toContainText(actions['developer.verification_resent']);
  await expect(rows.nth(0)).toContainText(developer.email);
});
