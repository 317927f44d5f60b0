import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { AppSectionPaths } from '../../contract/app-section-paths.js';
import { KeyLimits } from '../../contract/keys.js';
import { StepUpMessages } from '../../contract/messages-step-up.js';
import { Messages } from '../../contract/messages.js';
import { TwoFactorMessages } from '../../contract/messages-two-factor.js';
import { StepUpLimits, StepUpPaths, StepUpResponseSchema } from '../../contract/step-up.js';
import { TwoFactorPaths } from '../../contract/two-factor-paths.js';
import { signIn } from '../../../test/support/accounts.js';
import {
  appFields,
  createApp,
  ipRows,
  putApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import type { HttpClient, JsonResponse } from '../../../test/support/http-client.js';
import { keyRows } from '../../../test/support/keys.js';
import { postbackSecretsOf } from '../../../test/support/postbacks.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { enrollTotp, totpCode } from '../../../test/support/two-factor.js';

const DB = process.env.TEST_DB ?? 'sqlite';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

function stepUp(client: HttpClient, proof: { code: string } | { password: string }) {
  return client.json('POST', StepUpPaths.stepUp, { json: proof });
}

/** A developer signed in by password, whose client does not answer the step-up by itself. */
async function developer(): Promise<SignedInDeveloper> {
  const dev = await signedInDeveloper(t);
  dev.client.stepUpProof = undefined;
  return dev;
}

function uniqueIp(): string {
  return `10.${String(randomInt(1, 255))}.${String(randomInt(1, 255))}.${String(randomInt(1, 255))}`;
}

function activityOf(developerId: string, kind: string) {
  return t.db.kysely
    .selectFrom('activityEvents')
    .select(['kind', 'details'])
    .where('developerId', '=', developerId)
    .where('kind', '=', kind)
    .execute();
}

function totpRows(developerId: string) {
  return t.db.kysely
    .selectFrom('developerTotp')
    .selectAll()
    .where('developerId', '=', developerId)
    .execute();
}

interface Guarded {
  readonly name: string;
  readonly status: number;
  /** Makes the guarded call on an application of `dev` made with one IP. */
  readonly call: (dev: SignedInDeveloper, id: string) => Promise<JsonResponse>;
  /** What the call changes, read to see that a refused call changed nothing. */
  readonly state: (dev: SignedInDeveloper, id: string) => Promise<unknown>;
}

const GUARDED: readonly Guarded[] = [
  {
    name: 'rolling the API key',
    status: 200,
    call: (dev, id) => dev.client.json('POST', ApiPaths.rollKey(id), { json: { grace: '1h' } }),
    state: (dev, id) => Promise.all([keyRows(t, id), activityOf(dev.id, 'key.rolled')]),
  },
  {
    name: 'revealing the API key',
    status: 200,
    call: (dev, id) => dev.client.json('POST', ApiPaths.revealKeys(id), { json: {} }),
    state: (dev) => activityOf(dev.id, 'key.revealed'),
  },
  {
    name: 'rolling the postback secret',
    status: 200,
    call: (dev, id) =>
      dev.client.json('POST', AppSectionPaths.rollSecret(id), { json: { grace: '1h' } }),
    state: (_dev, id) => postbackSecretsOf(t, id),
  },
  {
    name: 'revealing the postback secret',
    status: 200,
    call: (dev, id) => dev.client.json('POST', AppSectionPaths.revealSecret(id), { json: {} }),
    state: (dev, id) =>
      Promise.all([postbackSecretsOf(t, id), activityOf(dev.id, 'postback_secret.revealed')]),
  },
  {
    name: 'changing the IP list',
    status: 200,
    call: (dev, id) =>
      putApp(dev.client, id, appFields({ name: 'Renamed', ipRecords: uniqueIp() })),
    state: async (_dev, id) => [
      await ipRows(t, id),
      await t.db.kysely.selectFrom('applications').select('name').where('id', '=', id).execute(),
    ],
  },
  {
    name: 'setting up the authenticator app',
    status: 200,
    call: (dev) => dev.client.json('POST', TwoFactorPaths.totp),
    state: (dev) => totpRows(dev.id),
  },
];

describe(`calls guarded by the step-up (${DB})`, () => {
  for (const guarded of GUARDED) {
    it(`${guarded.name}: 403 step_up_required without a step-up, changing nothing`, async () => {
      const dev = await developer();
      const id = await createApp(dev.client, { ipRecords: uniqueIp() });
      const before = await guarded.state(dev, id);

      const res = await guarded.call(dev, id);

      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        status: 'error',
        code: 'step_up_required',
        message: StepUpMessages.passwordRequired,
        stepUpWith: 'password',
        passkey: false,
      });
      expect(await guarded.state(dev, id)).toEqual(before);
    });

    it(`${guarded.name}: allowed for 5 minutes after a step-up, then refused again`, async () => {
      const dev = await developer();
      const id = await createApp(dev.client, { ipRecords: uniqueIp() });
      expect((await stepUp(dev.client, { password: dev.password })).status).toBe(200);

      t.clock.advance(StepUpLimits.grantMs - 1_000);
      const allowed = await guarded.call(dev, id);
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(guarded.status);

      t.clock.advance(1_000);
      const before = await guarded.state(dev, id);
      const refused = await guarded.call(dev, id);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'step_up_required' });
      expect(await guarded.state(dev, id)).toEqual(before);
    });
  }

  it('an update that keeps the set of IPs needs no step-up', async () => {
    const dev = await developer();
    const [first, second] = [uniqueIp(), uniqueIp()];
    const id = await createApp(dev.client, { ipRecords: `${first},${second}` });

    const res = await putApp(
      dev.client,
      id,
      appFields({ name: 'Kept IPs', ipRecords: `${second}, ${first}` }),
    );

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await ipRows(t, id)).map((row) => row.ip)).toEqual([first, second].sort());
  });

  it('changing the password: refused without a step-up, allowed after one', async () => {
    const dev = await developer();
    const signedIn = await signIn(dev.client, dev.email, dev.password);
    const result = signedIn.body.user_status.AuthenticationResult;
    dev.client.bearer = result.AccessToken;
    const change = () =>
      dev.client.json('POST', ApiPaths.accountPassword, {
        json: {
          currentPassword: dev.password,
          newPassword: 'N3w!Secret',
          refresh_token: result.RefreshToken,
        },
      });
    const hashBefore = await passwordHashOf(dev.id);

    const refused = await change();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'step_up_required' });
    expect(await passwordHashOf(dev.id)).toBe(hashBefore);

    expect((await stepUp(dev.client, { password: dev.password })).status).toBe(200);
    const allowed = await change();
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(await passwordHashOf(dev.id)).not.toBe(hashBefore);
  });

  it('a step-up is the session’s own: another session of the developer is still asked', async () => {
    const dev = await developer();
    const id = await createApp(dev.client);
    const other = await developer();
    const otherSession = await signIn(other.client, dev.email, dev.password);
    other.client.bearer = otherSession.body.user_status.AuthenticationResult.AccessToken;
    expect((await stepUp(dev.client, { password: dev.password })).status).toBe(200);

    const res = await other.client.json('POST', ApiPaths.revealKeys(id), { json: {} });

    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'step_up_required' });
  });
});

function passwordHashOf(developerId: string) {
  return t.db.kysely
    .selectFrom('developers')
    .select('passwordHash')
    .where('id', '=', developerId)
    .executeTakeFirstOrThrow()
    .then((row) => row.passwordHash);
}

describe(`POST ${StepUpPaths.stepUp}: a developer without a factor (${DB})`, () => {
  it('grants the session 5 minutes for the right password', async () => {
    const dev = await developer();
    const now = t.clock.now();

    const res = await stepUp(dev.client, { password: dev.password });

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(StepUpResponseSchema.parse(res.body)).toEqual({
      status: 'success',
      message: StepUpMessages.granted,
      stepUpUntil: new Date(now + StepUpLimits.grantMs).toISOString(),
    });
  });

  it('refuses a wrong password with 401 on the password field and grants nothing', async () => {
    const dev = await developer();
    const id = await createApp(dev.client);

    const res = await stepUp(dev.client, { password: `${dev.password}x` });

    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      status: 'error',
      code: 'password_wrong',
      message: Messages.keys.passwordWrong,
      field: 'password',
    });
    const reveal = await dev.client.json('POST', ApiPaths.revealKeys(id), { json: {} });
    expect(reveal.status).toBe(403);
  });

  it('counts password tries: past the limit, 429 even for the right password', async () => {
    const dev = await developer();
    for (let i = 0; i < KeyLimits.revealTries; i++) {
      expect((await stepUp(dev.client, { password: `wrong-${String(i)}` })).status).toBe(401);
    }
    const refused = await stepUp(dev.client, { password: dev.password });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a code: the account has no authenticator app', async () => {
    const dev = await developer();
    const res = await stepUp(dev.client, { code: '123456' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: StepUpMessages.noFactor });
  });
});

describe(`POST ${StepUpPaths.stepUp}: a developer with the authenticator app (${DB})`, () => {
  async function enrolled() {
    const dev = await developer();
    dev.client.stepUpProof = { password: dev.password };
    const factor = await enrollTotp(t, dev.client);
    dev.client.stepUpProof = undefined;
    // The enrollment's own step-up ends: the tests start from a session without one.
    t.clock.advance(StepUpLimits.grantMs);
    return { dev, ...factor };
  }

  it('asks a code, not the password, and grants the session for a current code', async () => {
    const { dev, secret } = await enrolled();
    const id = await createApp(dev.client);

    const asked = await dev.client.json('POST', ApiPaths.revealKeys(id), { json: {} });
    expect(asked.status).toBe(403);
    expect(asked.body).toEqual({
      status: 'error',
      code: 'step_up_required',
      message: StepUpMessages.required,
      stepUpWith: 'code',
      passkey: false,
    });
    const byPassword = await stepUp(dev.client, { password: dev.password });
    expect(byPassword.status).toBe(400);
    expect(byPassword.body).toMatchObject({ message: StepUpMessages.wrongKind });

    const res = await stepUp(dev.client, { code: totpCode(secret, t.clock.now()) });
    expect(res.status).toBe(200);
    expect((await dev.client.json('POST', ApiPaths.revealKeys(id), { json: {} })).status).toBe(200);
  });

  it('refuses a wrong code, and a code used once already', async () => {
    const { dev, secret } = await enrolled();
    const code = totpCode(secret, t.clock.now());
    expect((await stepUp(dev.client, { code })).status).toBe(200);

    for (const refused of [code, '000000']) {
      const res = await stepUp(dev.client, { code: refused });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'code_invalid',
        message: TwoFactorMessages.codeWrong,
      });
    }
  });

  it('takes a recovery code once, and records and mails its use', async () => {
    const { dev, recoveryCodes } = await enrolled();
    const [recovery = ''] = recoveryCodes;

    expect((await stepUp(dev.client, { code: recovery })).status).toBe(200);
    expect((await stepUp(dev.client, { code: recovery })).status).toBe(400);
    expect(await activityOf(dev.id, 'recovery_code.used')).toEqual([
      { kind: 'recovery_code.used', details: JSON.stringify({ left: 9 }) },
    ]);
  });

  it('counts wrong codes as sign-in tries: locked, even the right code is refused', async () => {
    const { dev, secret } = await enrolled();
    let status = 400;
    for (let i = 0; i < 20 && status === 400; i++) {
      status = (await stepUp(dev.client, { code: `00000${String(i % 10)}` })).status;
    }
    expect(status).toBe(429);
    const right = await stepUp(dev.client, { code: totpCode(secret, t.clock.now()) });
    expect(right.status).toBe(429);
  });
});
