import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import { codesOf, developerRow, primedClient, signupBody } from '../../../test/support/accounts.js';
import { codeIn, RecordingMailer } from '../../../test/support/recording-mailer.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { hashCode } from './codes.js';

let t: TestApp;
const mailer = new RecordingMailer();

beforeAll(async () => {
  t = await startTestApp({ mailer });
});

afterAll(async () => {
  await t.close();
});

async function developerCount() {
  const row = await t.db.kysely
    .selectFrom('developers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

describe(`POST signup (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('creates an unverified developer, stores only a keyed hash of the code and mails it', async () => {
    const client = await primedClient(t);
    const body = signupBody({ email: `Mixed.Case-${Date.now()}@Example.com` });
    const res = await client.json('POST', ApiPaths.signup, { json: body });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'success', message: Messages.signup.success });
    const row = await developerRow(t, body.email);
    expect(row).toMatchObject({
      email: body.email,
      emailNormalized: body.email.toLowerCase(),
      name: body.name,
      mobile: body.mobile,
      state: body.state,
      verifiedAt: null,
      clientCode: null,
      failedSignIns: 0,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(body.password);

    await t.drainJobs();
    const mails = mailer.to(body.email);
    expect(mails).toHaveLength(1);
    const code = codeIn(mails[0]?.text ?? '');
    expect(mails[0]?.subject).toContain(code);
    expect(mails[0]?.text.split('\n')[0]).toContain(code);
    expect(mails[0]?.subject).toContain('Acme Trade');
    expect(mails[0]?.html).toContain(code);

    const codes = await codesOf(t, row?.id ?? '', 'verify');
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({
      attempts: 0,
      consumedAt: null,
      supersededAt: null,
      createdAt: t.clock.now(),
      expiresAt: t.clock.now() + 10 * 60_000,
      codeHash: hashCode(t.secrets.codeHashSecret, row?.id ?? '', 'verify', code),
    });
    expect(codes[0]?.codeHash).not.toContain(code);
  });

  // docs/decisions/027: an apostrophe, a tag with a hyphen, punycode endings and labels.
  it.each([
    "o'brien@example.com",
    'a+b-c@example.com',
    'a@example.xn--p1ai',
    'a@xn--80ak6aa92e.com',
  ])('accepts the real address %s', async (email) => {
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.signup, { json: signupBody({ email }) });
    expect(res.status).toBe(201);
    expect((await developerRow(t, email))?.email).toBe(email);
  });

  it('refuses an e-mail that exists in any case with 409 and changes nothing', async () => {
    const client = await primedClient(t);
    const body = signupBody();
    expect((await client.json('POST', ApiPaths.signup, { json: body })).status).toBe(201);
    const before = await developerRow(t, body.email);
    const count = await developerCount();
    await t.drainJobs();
    const mailCount = mailer.sent.length;

    const again = await client.json('POST', ApiPaths.signup, {
      json: {
        ...body,
        email: body.email.toUpperCase(),
        name: 'Someone Else',
        password: 'Oth3r!Pass',
      },
    });

    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      status: 'error',
      code: 'developer_exists',
      message: 'developer exists',
    });
    expect(await developerRow(t, body.email)).toEqual(before);
    expect(await developerCount()).toBe(count);
    await t.drainJobs();
    expect(mailer.sent).toHaveLength(mailCount);
    expect(await codesOf(t, before?.id ?? '', 'verify')).toHaveLength(1);
  });

  const valid = signupBody();
  it.each([
    ['a missing e-mail', { ...valid, email: undefined }, Messages.signup.emailRequired, 'email'],
    ['a missing name', { ...valid, name: undefined }, Messages.signup.nameRequired, 'name'],
    ['a missing mobile', { ...valid, mobile: undefined }, Messages.signup.mobileRequired, 'mobile'],
    ['a missing state', { ...valid, state: undefined }, Messages.signup.stateRequired, 'state'],
    [
      'a missing password',
      { ...valid, password: undefined },
      Messages.signup.passwordPolicy,
      'password',
    ],
    ['a bad e-mail', { ...valid, email: 'no-at-sign' }, Messages.signup.emailInvalid, 'email'],
    [
      'an oversized e-mail',
      { ...valid, email: `${'a'.repeat(250)}@example.com` },
      Messages.signup.emailInvalid,
      'email',
    ],
    ['an oversized name', { ...valid, name: 'n'.repeat(101) }, Messages.signup.nameInvalid, 'name'],
    [
      'a weak password',
      { ...valid, password: 'password' },
      Messages.signup.passwordPolicy,
      'password',
    ],
    [
      'an oversized password',
      { ...valid, password: `Aa1!${'x'.repeat(13)}` },
      Messages.signup.passwordPolicy,
      'password',
    ],
    [
      'a mobile without +91',
      { ...valid, mobile: '9876543210' },
      Messages.signup.mobileInvalid,
      'mobile',
    ],
    [
      'a number as mobile',
      { ...valid, mobile: 919876543210 },
      Messages.signup.mobileRequired,
      'mobile',
    ],
    ['an unknown state', { ...valid, state: 'Atlantis' }, Messages.signup.stateRequired, 'state'],
  ])('answers 400 for %s and stores nothing', async (_case, json, message, field) => {
    const client = await primedClient(t);
    const count = await developerCount();
    const res = await client.json('POST', ApiPaths.signup, { json });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', code: 'bad_request', message, field });
    expect(await developerCount()).toBe(count);
  });

  it('answers 400 for an extra field and stores nothing', async () => {
    const client = await primedClient(t);
    const count = await developerCount();
    const res = await client.json('POST', ApiPaths.signup, {
      json: { ...signupBody(), isAdmin: true },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', code: 'bad_request', message: 'Invalid input' });
    expect(await developerCount()).toBe(count);
  });

  it.each([
    ['malformed JSON', 'application/json', '{"email":', 400],
    ['an empty JSON body', 'application/json', '', 400],
    ['a JSON array', 'application/json', '[]', 400],
    ['plain text', 'text/plain', 'email=x', 400],
    ['XML', 'application/xml', '<signup/>', 415],
  ])('answers %s (%s) with %i', async (_case, contentType, payload, status) => {
    const client = await primedClient(t);
    const count = await developerCount();
    const res = await client.json('POST', ApiPaths.signup, {
      body: payload,
      headers: { 'content-type': contentType },
    });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ status: 'error' });
    expect(await developerCount()).toBe(count);
  });

  it('answers 413 for a body over the limit', async () => {
    const client = await primedClient(t);
    const res = await client.json('POST', ApiPaths.signup, {
      json: { ...signupBody(), name: 'n'.repeat(70_000) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 'error' });
  });

  it('refuses a POST without the anti-forgery header', async () => {
    const client = await primedClient(t);
    const body = signupBody();
    const res = await client.json('POST', ApiPaths.signup, { json: body, xsrf: false });
    expect(res.status).toBe(403);
    expect(await developerRow(t, body.email)).toBeUndefined();
  });
});
