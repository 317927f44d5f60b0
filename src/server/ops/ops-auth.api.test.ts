import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInLimits } from '../../contract/limits.js';
import { OpsApiPaths, OpsLimits, type EnrollmentResponse } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { HttpClient } from '../../../test/support/http-client.js';
import {
  addOperator,
  nextCode,
  OPERATOR_PASSWORD,
  signedInOperator,
  signInOperator,
  testOperatorsDeps,
  totpCode,
} from '../../../test/support/operators.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { runOperatorsCommand } from '../admin/operators-command.js';
import { purgeExpired } from '../auth/purge-job.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

async function primed() {
  const client = new HttpClient(t.baseUrl);
  await client.prime();
  return client;
}

async function enrollmentOf(client: HttpClient, token: string) {
  return client.json<EnrollmentResponse>('GET', `${OpsApiPaths.enrollment}?token=${token}`);
}

async function enrolled(role: 'reviewer' | 'support' | 'admin' = 'reviewer') {
  const { email, token } = await addOperator(t, role);
  const client = await primed();
  const { secret } = (await enrollmentOf(client, token)).body;
  const done = await client.json('POST', OpsApiPaths.enrollment, {
    json: { token, password: OPERATOR_PASSWORD, code: totpCode(secret, t.clock.now()) },
  });
  expect(done.status).toBe(200);
  return { email, secret, client };
}

describe(`operator enrollment (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('shows the secret as text and as a QR code, then sets the password once the first code is right', async () => {
    const { email, token } = await addOperator(t, 'support');
    const client = await primed();
    const shown = await enrollmentOf(client, token);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.body).toMatchObject({ email, role: 'support' });
    expect(shown.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new URL(shown.body.otpauthUri).searchParams.get('secret')).toBe(shown.body.secret);
    expect(shown.body.qrSvg).toContain('<svg');

    const wrong = await client.json('POST', OpsApiPaths.enrollment, {
      json: {
        token,
        password: OPERATOR_PASSWORD,
        code: '000000' === totpCode(shown.body.secret, t.clock.now()) ? '111111' : '000000',
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'code_invalid',
      message: OpsMessages.enroll.codeWrong,
    });

    const right = await client.json('POST', OpsApiPaths.enrollment, {
      json: {
        token,
        password: OPERATOR_PASSWORD,
        code: totpCode(shown.body.secret, t.clock.now()),
      },
    });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ message: OpsMessages.enroll.done });

    const spent = await enrollmentOf(client, token);
    expect(spent.status).toBe(404);
    expect(spent.body).toMatchObject({
      code: 'not_found',
      message: OpsMessages.enroll.linkInvalid,
    });
    expect((await signInOperator(t, client, email, shown.body.secret)).status).toBe(200);
  });

  it('refuses a link after 24 hours', async () => {
    const { token } = await addOperator(t, 'reviewer');
    t.clock.advance(OpsLimits.enrollmentMs);
    const client = await primed();
    expect((await enrollmentOf(client, token)).status).toBe(404);
  });

  it('refuses a weak password with the password rule', async () => {
    const { token } = await addOperator(t, 'reviewer');
    const client = await primed();
    const { secret } = (await enrollmentOf(client, token)).body;
    const weak = await client.json('POST', OpsApiPaths.enrollment, {
      json: { token, password: 'short', code: totpCode(secret, t.clock.now()) },
    });
    expect(weak.status).toBe(400);
    expect((await enrollmentOf(client, token)).status).toBe(200);
  });
});

describe(`operator sign-in (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('signs in with password and code into an HttpOnly, SameSite=Strict cookie of its own', async () => {
    const { email, secret, client } = await enrolled('reviewer');
    const response = await client.request('POST', OpsApiPaths.session, {
      json: { email, password: OPERATOR_PASSWORD, code: nextCode(t, secret) },
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('portal_ops='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    const me = await client.json('GET', OpsApiPaths.session);
    expect(me.body).toMatchObject({ operator: { email, role: 'reviewer' } });
  });

  it('answers one message for a wrong password, a wrong code and an unknown e-mail', async () => {
    const { email, secret, client } = await enrolled();
    const wrongPassword = await client.json('POST', OpsApiPaths.session, {
      json: { email, password: 'Wrong!Pass1', code: nextCode(t, secret) },
    });
    const wrongCode = await client.json('POST', OpsApiPaths.session, {
      json: { email, password: OPERATOR_PASSWORD, code: '123456' },
    });
    const unknown = await client.json('POST', OpsApiPaths.session, {
      json: { email: 'nobody@example.com', password: OPERATOR_PASSWORD, code: '123456' },
    });
    for (const answer of [wrongPassword, wrongCode, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({
        code: 'bad_credentials',
        message: OpsMessages.login.badCredentials,
      });
    }
    expect((await client.json('GET', OpsApiPaths.session)).status).toBe(401);
  });

  it('takes a code once', async () => {
    const { email, secret, client } = await enrolled();
    const code = nextCode(t, secret);
    const first = await client.json('POST', OpsApiPaths.session, {
      json: { email, password: OPERATOR_PASSWORD, code },
    });
    expect(first.status).toBe(200);
    const replay = await (
      await primed()
    ).json('POST', OpsApiPaths.session, {
      json: { email, password: OPERATOR_PASSWORD, code },
    });
    expect(replay.status).toBe(401);
  });

  it('locks the account after repeated failures, with the wait', async () => {
    const { email, secret, client } = await enrolled();
    // One address on the e-mail: its own count locks first (decision 047).
    for (let n = 0; n < SignInLimits.accountAndIpFreeFailures; n++) {
      const failed = await client.json('POST', OpsApiPaths.session, {
        json: { email, password: 'Wrong!Pass1', code: '123456' },
      });
      expect(failed.status).toBe(401);
    }
    // The next step's code, accepted now: the first lock is 30 s long.
    const locked = await client.json('POST', OpsApiPaths.session, {
      json: { email, password: OPERATOR_PASSWORD, code: totpCode(secret, t.clock.now() + 30_000) },
    });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'account_locked' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts and locks an unknown e-mail as it does an operator’s, with the same answers', async () => {
    const { email } = await enrolled();
    const unknown = 'nobody-here@example.com';
    const answersFor = async (address: string) => {
      const client = await primed();
      const answers: unknown[] = [];
      for (let n = 0; n <= OpsLimits.freeFailures + 1; n++) {
        const answer = await client.json('POST', OpsApiPaths.session, {
          json: { email: address, password: 'Wrong!Pass1', code: '123456' },
        });
        answers.push([answer.status, answer.body, answer.headers.get('retry-after')]);
      }
      return answers;
    };
    const real = await answersFor(email);
    expect(await answersFor(unknown)).toEqual(real);
    expect(real.at(-1)).toEqual([
      429,
      expect.objectContaining({ code: 'account_locked' }),
      expect.stringMatching(/^[1-9][0-9]*$/),
    ]);

    const audit = await t.db.kysely
      .selectFrom('operatorAudit')
      .select(['action', 'target', 'operatorEmail', 'details'])
      .where('target', 'in', [email, unknown])
      .orderBy('seq')
      .execute();
    for (const target of [email, unknown]) {
      const own = audit.filter((entry) => entry.target === target);
      expect(own.filter((entry) => entry.action === 'operator.sign_in_failed')).toHaveLength(
        OpsLimits.freeFailures + 2,
      );
      expect(own.map((entry) => entry.action)).toContain('operator.locked_out');
      expect(own.at(-1)?.details).toBe(JSON.stringify({ reason: 'locked' }));
    }
  });

  it('a browser that signed in before still signs in while others lock the e-mail out', async () => {
    const { email, secret, client: own } = await enrolled();
    expect((await signInOperator(t, own, email, secret)).status).toBe(200);
    expect(own.cookie('portal_ops_device')).toMatch(/^[^.]+\.[^.]+\.[^.]+$/);
    const other = await primed();
    let last = 0;
    for (let n = 0; n <= OpsLimits.freeFailures + 1; n++) {
      last = (
        await other.json('POST', OpsApiPaths.session, {
          json: { email, password: 'Wrong!Pass1', code: '123456' },
        })
      ).status;
    }
    expect(last).toBe(429);
    // The next step's code, accepted now: the first lock is 30 s long.
    const right = {
      email,
      password: OPERATOR_PASSWORD,
      code: totpCode(secret, t.clock.now() + 30_000),
    };
    expect((await other.json('POST', OpsApiPaths.session, { json: right })).status).toBe(429);
    // A cookie of another browser's value, or a developer's, is no device of this operator.
    const forged = await primed();
    forged.setCookie('portal_ops_device', 'someone.else.entirely');
    expect((await forged.json('POST', OpsApiPaths.session, { json: right })).status).toBe(429);
    expect((await own.json('POST', OpsApiPaths.session, { json: right })).status).toBe(200);
  });

  it('a reset starts the e-mail’s counts again', async () => {
    const { email } = await enrolled();
    const client = await primed();
    for (let n = 0; n <= OpsLimits.freeFailures; n++) {
      await client.json('POST', OpsApiPaths.session, {
        json: { email, password: 'Wrong!Pass1', code: '123456' },
      });
    }
    const count = () => t.db.kysely.selectFrom('operatorSignInThrottles').select('key').execute();
    const before = (await count()).length;
    expect(
      (await runOperatorsCommand(testOperatorsDeps(t), ['operators', 'reset', email])).exitCode,
    ).toBe(0);
    expect((await count()).length).toBe(before - 2);
  });

  it('ends a session after 30 minutes idle, and after 12 hours however busy', async () => {
    const idle = await signedInOperator(t, 'reviewer');
    t.clock.advance(OpsLimits.sessionIdleMs - 1000);
    expect((await idle.client.json('GET', OpsApiPaths.session)).status).toBe(200);
    t.clock.advance(OpsLimits.sessionIdleMs + 1000);
    const ended = await idle.client.json('GET', OpsApiPaths.session);
    expect(ended.status).toBe(401);
    expect(ended.body).toMatchObject({ message: OpsMessages.session.unauthorized });

    const busy = await signedInOperator(t, 'reviewer');
    for (let spent = 0; spent < OpsLimits.sessionMaxMs; spent += 20 * 60_000) {
      expect((await busy.client.json('GET', OpsApiPaths.session)).status).toBe(200);
      t.clock.advance(20 * 60_000);
    }
    expect((await busy.client.json('GET', OpsApiPaths.session)).status).toBe(401);
  });

  it('signs out, and a disabled operator is out at once and cannot sign in', async () => {
    const leaving = await signedInOperator(t, 'support');
    const out = await leaving.client.json('DELETE', OpsApiPaths.session);
    expect(out.body).toEqual({ message: OpsMessages.login.signedOut });
    expect((await leaving.client.json('GET', OpsApiPaths.session)).status).toBe(401);

    const disabled = await signedInOperator(t, 'support');
    const result = await runOperatorsCommand(testOperatorsDeps(t), [
      'operators',
      'disable',
      disabled.email,
    ]);
    expect(result.exitCode).toBe(0);
    expect((await disabled.client.json('GET', OpsApiPaths.session)).status).toBe(401);
    const again = await signInOperator(t, disabled.client, disabled.email, disabled.secret);
    expect(again.status).toBe(401);
  });

  it('does not take a developer session, nor gives one', async () => {
    const client = await primed();
    client.setCookie('portal_ops', 'forged-token');
    expect((await client.json('GET', OpsApiPaths.session)).status).toBe(401);
  });
});

describe(`operator sessions purge (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('the hourly purge deletes the sessions past their end', async () => {
    const operator = await signedInOperator(t, 'reviewer');
    const rows = () => t.db.kysely.selectFrom('operatorSessions').select('tokenHash').execute();
    expect((await rows()).length).toBeGreaterThan(0);
    t.clock.advance(OpsLimits.sessionIdleMs + 1);
    // The app's worker may run the same due purge first: the rows tell, not this run's count.
    await purgeExpired(t.db.kysely, t.clock.now());
    expect(await rows()).toEqual([]);
    expect((await operator.client.json('GET', OpsApiPaths.session)).status).toBe(401);
  });
});
