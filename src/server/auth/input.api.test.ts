import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { primedClient } from '../../../test/support/accounts.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

const email = 'someone@example.com';
// A valid body for each JSON call: the cases below break one thing at a time.
const CALLS: readonly [string, Record<string, unknown>][] = [
  [
    ApiPaths.signup,
    { email, name: 'A', mobile: '+919876543210', state: 'Goa', password: 'Str0ng!Pass' },
  ],
  [ApiPaths.confirm, { email, code: '123456' }],
  [ApiPaths.sendConfirmation, { email }],
  [ApiPaths.signin, { email, password: 'x' }],
  [ApiPaths.refresh, { refresh_token: 'x', id: 'x' }],
  [ApiPaths.logout, { refresh_token: 'x' }],
  [ApiPaths.forgotPassword, { email }],
  [ApiPaths.forgotPasswordVerify, { email, code: '123456' }],
  [ApiPaths.forgotPasswordConfirm, { email, code: '123456', password: 'Str0ng!Pass' }],
];

describe(`every account call refuses malformed input (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it.each(CALLS)('%s', async (path, valid) => {
    const client = await primedClient(t);
    const send = (body: string, contentType = 'application/json') =>
      client.json('POST', path, { body, headers: { 'content-type': contentType } });

    const extra = await send(JSON.stringify({ ...valid, extra: 'x' }));
    expect(extra.status).toBe(400);
    expect(extra.body).toEqual({ status: 'error', code: 'bad_request', message: 'Invalid input' });

    for (const [field, value] of Object.entries(valid)) {
      const missing = Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field));
      const withoutField = await send(JSON.stringify(missing));
      expect(withoutField.status, `without ${field}`).toBe(400);
      expect(withoutField.body).toMatchObject({ status: 'error', field });
      const wrongType = await send(JSON.stringify({ ...valid, [field]: [value] }));
      expect(wrongType.status, `${field} as an array`).toBe(400);
      expect(wrongType.body).toMatchObject({ status: 'error', field });
      const oversized = await send(JSON.stringify({ ...valid, [field]: 'x'.repeat(10_000) }));
      expect(oversized.status, `${field} oversized`).toBe(400);
      expect(oversized.body).toMatchObject({ status: 'error', field });
    }

    for (const body of ['{"email":', '', 'null', '[]', '"text"']) {
      const res = await send(body);
      expect(res.status, `body ${body}`).toBe(400);
      expect(res.body).toMatchObject({ status: 'error' });
    }
    const xml = await send('<x/>', 'application/xml');
    expect(xml.status).toBe(415);
    expect(xml.body).toMatchObject({ status: 'error' });
    const form = await send('email=x', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
  });
});
