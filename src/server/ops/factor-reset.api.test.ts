import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import { OpsApiPaths, type AuditResponse, type OpsDeveloperResponse } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import type { SignInChallenge } from '../../contract/two-factor.js';
import {
  createDeveloper,
  primedClient,
  signIn,
  type TestDeveloper,
} from '../../../test/support/accounts.js';
import { activityOf } from '../../../test/support/activity.js';
import type { HttpClient } from '../../../test/support/http-client.js';
import { signedInOperator, type TestOperator } from '../../../test/support/operators.js';
import { addPasskey } from '../../../test/support/passkeys.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import {
  enrollTotp,
  passwordStep,
  secondStep,
  signedInClient,
  subjectsTo,
  totpCode,
} from '../../../test/support/two-factor.js';

const REASON = 'Lost phone and recovery codes; identity checked on a video call.';
const RESET_SUBJECT = 'Support removed the second factors of your Acme Trade developer account';

interface Enrolled {
  readonly dev: TestDeveloper;
  /** Signed in (before the app was set up): a session the reset must end. */
  readonly client: HttpClient;
  readonly secret: string;
}

async function enrolledDeveloper(t: TestApp): Promise<Enrolled> {
  const dev = await createDeveloper(t);
  const client = await signedInClient(t, dev);
  const { secret } = await enrollTotp(t, client);
  return { dev, client, secret };
}

/** What the reset changes, as stored: the factors, the sessions, the audit, log and mail. */
async function stateOf(t: TestApp, developerId: string, email: string) {
  const db = t.db.kysely;
  const developer = await db
    .selectFrom('developers')
    .select(['secondFactorAt', 'tokensValidAfter'])
    .where('id', '=', developerId)
    .executeTakeFirstOrThrow();
  const count = async (table: 'developerTotp' | 'recoveryCodes') =>
    (
      await db
        .selectFrom(table)
        .select('developerId')
        .where('developerId', '=', developerId)
        .execute()
    ).length;
  const liveRefresh = await db
    .selectFrom('refreshTokens')
    .select('familyId')
    .where('developerId', '=', developerId)
    .where('revokedAt', 'is', null)
    .execute();
  const audit = await db
    .selectFrom('operatorAudit')
    .select(['action', 'reason', 'target', 'operatorEmail'])
    .where('developerId', '=', developerId)
    .execute();
  return {
    developer,
    totp: await count('developerTotp'),
    recoveryCodes: await count('recoveryCodes'),
    liveRefresh: liveRefresh.length,
    audit,
    activity: (await activityOf(t, developerId)).map((event) => event.kind),
    mails: await subjectsTo(t, email),
  };
}

const reset = (operator: TestOperator, developerId: string, body: unknown) =>
  operator.client.json('POST', OpsApiPaths.resetFactors(developerId), { json: body });

describe(`support resets a developer's second factors (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let support: TestOperator;
  let admin: TestOperator;
  let reviewer: TestOperator;

  beforeAll(async () => {
    t = await startTestApp();
    support = await signedInOperator(t, 'support');
    admin = await signedInOperator(t, 'admin');
    reviewer = await signedInOperator(t, 'reviewer');
  });

  afterAll(async () => {
    await t.close();
  });

  it('shows the factors on the developer page', async () => {
    const dev = await createDeveloper(t);
    const page = () =>
      support.client.json<OpsDeveloperResponse>('GET', OpsApiPaths.developer(dev.id));
    expect((await page()).body.developer.factors).toEqual({
      authenticatorApp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
    });

    await enrollTotp(t, await signedInClient(t, dev));

    expect((await page()).body.developer.factors).toEqual({
      authenticatorApp: true,
      passkeys: 0,
      recoveryCodesLeft: 10,
    });
  });

  it('removes the factors, ends the sessions, audits, logs and mails; the password alone signs in', async () => {
    const { dev, client } = await enrolledDeveloper(t);
    t.clock.advance(1000);

    const res = await reset(support, dev.id, { reason: `  ${REASON} ` });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: OpsMessages.factors.resetDone });
    const after = await stateOf(t, dev.id, dev.email);
    expect(after.developer.secondFactorAt).toBeNull();
    expect(after.developer.tokensValidAfter).toBe(t.clock.now());
    expect(after).toMatchObject({ totp: 0, recoveryCodes: 0, liveRefresh: 0 });
    expect(after.audit).toEqual([
      {
        action: 'developer.factors_reset',
        reason: REASON,
        target: dev.email,
        operatorEmail: support.email,
      },
    ]);
    const events = await activityOf(t, dev.id);
    expect(events.at(-1)).toMatchObject({
      kind: 'two_factor.reset_by_support',
      details: { reason: REASON },
    });
    expect(after.mails.at(-1)).toBe(RESET_SUBJECT);
    const mail = await t.db.kysely
      .selectFrom('mailboxMessages')
      .select('textBody')
      .where('toAddress', '=', dev.email)
      .where('subject', '=', RESET_SUBJECT)
      .executeTakeFirstOrThrow();
    expect(mail.textBody).toContain('If this was not you, change your password now');
    // The session signed in before the reset (a thief's, maybe) is out.
    expect((await client.json('GET', ApiPaths.apps)).status).toBe(401);

    const again = await signIn(await primedClient(t), dev.email, dev.password);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(Messages.login.success);
    expect(again.body.user_status).toEqual({
      AuthenticationResult: expect.objectContaining({ TokenType: 'Bearer' }) as object,
    });
    const page = await support.client.json<OpsDeveloperResponse>(
      'GET',
      OpsApiPaths.developer(dev.id),
    );
    expect(page.body.developer.factors).toEqual({
      authenticatorApp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
    });
  });

  it("removes a developer's passkeys, the only factor: the password alone signs in", async () => {
    const dev = await createDeveloper(t);
    const client = await signedInClient(t, dev);
    expect((await addPasskey(t, client)).res.status).toBe(200);
    const page = async () =>
      (await support.client.json<OpsDeveloperResponse>('GET', OpsApiPaths.developer(dev.id))).body
        .developer.factors;
    expect(await page()).toEqual({ authenticatorApp: false, passkeys: 1, recoveryCodesLeft: 10 });

    expect((await reset(support, dev.id, { reason: REASON })).status).toBe(200);

    expect(await page()).toEqual({ authenticatorApp: false, passkeys: 0, recoveryCodesLeft: 0 });
    const again = await signIn(await primedClient(t), dev.email, dev.password);
    expect(again.body.user_status).toEqual({
      AuthenticationResult: expect.objectContaining({ TokenType: 'Bearer' }) as object,
    });
  });

  it('refuses a password step begun before the reset: its code cannot finish the sign-in', async () => {
    const { dev, secret } = await enrolledDeveloper(t);
    const browser = await primedClient(t);
    const session = await passwordStep(browser, dev);
    t.clock.advance(1000);

    expect((await reset(admin, dev.id, { reason: REASON })).status).toBe(200);

    const second = await secondStep(browser, session, totpCode(secret, t.clock.now()));
    expect(second.body).toMatchObject({ code: 'second_factor_challenge_expired' });
  });

  it('refuses a reset without a reason and changes nothing', async () => {
    const { dev } = await enrolledDeveloper(t);
    const before = await stateOf(t, dev.id, dev.email);

    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await reset(support, dev.id, body);
      expect(res.status).toBe(400);
    }

    expect(await stateOf(t, dev.id, dev.email)).toEqual(before);
  });

  it('refuses the reviewer, who may not see developers, and changes nothing', async () => {
    const { dev, client } = await enrolledDeveloper(t);
    const before = await stateOf(t, dev.id, dev.email);

    const res = await reset(reviewer, dev.id, { reason: REASON });

    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: OpsMessages.session.forbidden });
    expect((await reviewer.client.json('GET', OpsApiPaths.developer(dev.id))).status).toBe(403);
    expect(await stateOf(t, dev.id, dev.email)).toEqual(before);
    expect((await client.json('GET', ApiPaths.apps)).status).toBe(200);
  });

  it('answers 409 for a developer without a factor and 404 for no developer', async () => {
    const dev = await createDeveloper(t);
    const before = await stateOf(t, dev.id, dev.email);

    const none = await reset(support, dev.id, { reason: REASON });

    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ message: OpsMessages.factors.noFactor });
    expect(await stateOf(t, dev.id, dev.email)).toEqual(before);
    expect((await reset(support, 'nobody', { reason: REASON })).status).toBe(404);
  });

  it('lists the reset in the audit log with its reason', async () => {
    const { dev } = await enrolledDeveloper(t);
    await reset(support, dev.id, { reason: REASON });

    const audit = await admin.client.json<AuditResponse>(
      'GET',
      `${OpsApiPaths.audit}?action=developer.factors_reset&developerId=${dev.id}`,
    );

    expect(audit.body.entries).toEqual([
      expect.objectContaining({ action: 'developer.factors_reset', reason: REASON }),
    ]);
  });
});

describe(`after support's reset with DEVELOPER_2FA=required (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let support: TestOperator;

  beforeAll(async () => {
    t = await startTestApp({ env: { DEVELOPER_2FA: 'required' } });
    support = await signedInOperator(t, 'support');
  });

  afterAll(async () => {
    await t.close();
  });

  it('takes the developer to enrollment at the next sign-in', async () => {
    const { dev } = await enrolledDeveloper(t);
    const challenged = await (
      await primedClient(t)
    ).json<SignInChallenge>('POST', ApiPaths.signin, {
      json: { email: dev.email, password: dev.password },
    });
    expect(challenged.body.user_status.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    expect((await reset(support, dev.id, { reason: REASON })).status).toBe(200);

    const browser = await primedClient(t);
    const res = await signIn(browser, dev.email, dev.password);
    expect(res.status).toBe(200);
    expect(res.body.user_status.ChallengeName).toBe('MFA_SETUP');
    browser.bearer = res.body.user_status.AuthenticationResult.AccessToken;
    expect((await browser.json('GET', ApiPaths.apps)).body).toMatchObject({
      code: 'second_factor_required',
    });
  });
});
